/// <reference types="vite-plugin-pwa/vanillajs" />
// vite-plugin-pwa's register module exists only inside Vite's build, so it sits behind this file,
// which the dialog loads on demand: unit tests load the dialog without the plugin.
export { registerSW } from 'virtual:pwa-register';
