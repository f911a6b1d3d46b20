/** Debian's `chromium` package installs here (the browser tests and the runner are built around it). */
export declare const DEBIAN_CHROMIUM_PATH: '/usr/bin/chromium';

/** Debian's `chromium-headless-shell`, the lighter build the tests use when it is installed. */
export declare const DEBIAN_HEADLESS_SHELL_PATH: '/usr/bin/chromium-headless-shell';

/** Flags for every Chromium we launch (headless, no sandbox, no GPU/QUIC, no background traffic). */
export declare const CHROMIUM_ARGS: readonly string[];

/** The shared flags as a new list; headed (`headless: false`) leaves out `--headless`. */
export declare function chromiumArgs(options?: { headless?: boolean }): string[];

/** Environment variables read here: CHROMIUM_PATH and PATH. */
export type ChromiumEnv = Readonly<Record<string, string | undefined>>;

/**
 * The Chromium executable: CHROMIUM_PATH when set (it must exist), else /usr/bin/chromium, else the
 * first Chromium or Chrome on PATH. Throws with what to install when there is none.
 */
export declare function chromiumPath(env?: ChromiumEnv): string;

/**
 * For test runners' configs only: points CHROMIUM_PATH at Debian's headless shell when it is installed
 * and CHROMIUM_PATH is unset. Returns the CHROMIUM_PATH now in effect, if any.
 */
export declare function preferHeadlessShell(env?: Record<string, string | undefined>): string | undefined;

/** Launch options for playwright(-core) `chromium.launch()`: the executable and the shared flags. */
export declare function chromiumLaunchOptions(env?: ChromiumEnv): { executablePath: string; args: string[] };
