// The build's own variables (Vite puts their values in place at build time); see .env.example.
interface ImportMetaEnv {
  /** The publisher's application key (lib/service/app-key.ts); never committed. */
  readonly WXT_APP_API_KEY?: string;
  /** How much faster time runs in `--mode e2e` builds (lib/basics/time.ts). */
  readonly WXT_TIME_SCALE?: string;
}
