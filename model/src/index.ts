export * from './constants.js';
export * from './username.js';
