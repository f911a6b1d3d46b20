/** Product name shown when the server has not named the system. */
export const APP_NAME = 'AI获客矩阵';
/** The web client's version, from package.json (vite define). */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0';
