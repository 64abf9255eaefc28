export * from "./generated";
export { gatehouseFetch, type ErrorType } from "./mutator";
