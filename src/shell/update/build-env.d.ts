// Values vite.config.ts `define`s at build time; absent (undefined) under the unit tests.
interface ImportMetaEnv {
  /** package.json version of the running build. */
  readonly APP_VERSION: string;
  /** ISO time of the running build. */
  readonly APP_BUILD_TIME: string;
}
