/** Where a conversion's stages leave the progress bar (0–100). */
export const WRITING_PROGRESS = 5;
export const SCRIPTED_PROGRESS = 20;
export const SPOKEN_PROGRESS = 99;
export const READY_PROGRESS = 100;
