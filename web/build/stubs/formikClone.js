// Build-time stand-ins for lodash-es's clone and cloneDeep, for formik's imports only (see
// web/build/slimFormik.ts). Formik copies form values: plain objects and arrays (deeply for the
// initial values and arrayHelpers.push, one level per step of setIn). Anything else — a Date, a
// Firestore Timestamp, a File — is a value the forms never mutate, so it is kept as it is rather
// than rebuilt from its prototype as lodash does.

/** One level: arrays and objects copied (an object keeps its prototype, as setIn expects). */
export function clone(value) {
  if (Array.isArray(value)) return value.slice();
  if (value !== null && typeof value === 'object')
    return Object.assign(Object.create(Object.getPrototypeOf(value)), value);
  return value;
}

/** Every level of plain objects and arrays; other objects by reference. */
export function cloneDeep(value) {
  if (Array.isArray(value)) return value.map(cloneDeep);
  if (value !== null && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return value;
    const copy = proto === null ? Object.create(null) : {};
    for (const key of Object.keys(value)) copy[key] = cloneDeep(value[key]);
    return copy;
  }
  return value;
}
