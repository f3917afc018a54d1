export { cloneDeep as default } from './formikClone.js';
