export { clone as default } from './formikClone.js';
