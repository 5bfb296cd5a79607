import { defineBackground } from 'wxt/utils/define-background';

// Wiring only (STYLE.md): listeners are registered here, their work lives in sibling files.
export default defineBackground(() => {});
