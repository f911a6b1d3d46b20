/// <reference types="vite/client" />

/** The web package version, injected by vite.config.ts. */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** API host; empty means the same origin that served the page. */
  readonly VITE_API_BASE?: string;
}
