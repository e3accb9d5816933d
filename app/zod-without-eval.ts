import { config } from "zod/v4/core";

// Zod compiles object parsers with `new Function` unless told not to. The pages' CSP forbids
// eval, and even zod's guarded probe for it is reported as a policy violation in the browser.
config({ jitless: true });
