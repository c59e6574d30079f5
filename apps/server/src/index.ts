export { buildApp } from "./app.ts";
export { loadConfig, type AppConfig } from "./config.ts";
