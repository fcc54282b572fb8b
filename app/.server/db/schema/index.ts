// The database's tables, one file per domain (the same domains as the services'); drizzle-kit and
// the app read them all from here.
export * from "./accounts";
export * from "./admin";
export * from "./catalog";
export * from "./deals";
export * from "./messages";
export * from "./money";
export * from "./notifications";
export * from "./offers";
export * from "./search";
export * from "./uploads";
