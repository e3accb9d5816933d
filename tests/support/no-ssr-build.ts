// Worker tests exercise the API, Durable Objects and queues; pages are tested in the browser
// suite against the real build. Reaching this module means a Worker test asked for a page.
throw new Error("Server-rendered pages are not available in Worker tests: use the browser suite.");
