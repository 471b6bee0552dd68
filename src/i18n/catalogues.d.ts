// The per-language catalogues build/catalogue-plugin.ts serves (issue #14 point 2): one
// language's strings each, loaded on demand by src/i18n/index.ts.
declare module 'virtual:prayer-catalogue/*' {
  const catalogue: import('./locales/en-US').Resources;
  export default catalogue;
}
