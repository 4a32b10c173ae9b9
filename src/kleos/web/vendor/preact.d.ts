// The types of the vendored preact.js (a byte-for-byte copy of node_modules/preact/dist/preact.mjs,
// pinned in package.json): TypeScript reads them from the package, for `make lint` only.
export * from "../../../../node_modules/preact/src/index";
