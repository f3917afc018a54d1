// Build-time stand-in for 'tiny-case', for yup's import only (web/build/slimFormik.ts). yup uses it
// in object().camelCase(), snakeCase() and constantCase() alone, which Trato's schemas never call.
const unavailable = () => {
  throw new Error("yup's key case transforms are not part of this build (web/build/slimFormik.ts)");
};
export const camelCase = unavailable;
export const snakeCase = unavailable;
