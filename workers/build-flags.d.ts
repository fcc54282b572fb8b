/** True in the dev server and in builds made to run on this machine (vite.config.ts `define`). */
declare const __LOCAL_R2_STAND_IN__: boolean;
