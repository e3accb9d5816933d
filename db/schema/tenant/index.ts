// The company database's schema: one module per area, gathered here for drizzle and its callers.
export * from "./alerts";
export * from "./catalogue";
export * from "./company";
export * from "./contacts";
export * from "./document-settings";
export * from "./payments";
export * from "./price-rules";
export * from "./sales";
export * from "./stock";
export * from "./store";
export * from "./purchasing";
export * from "./test-content";
