// Build-time stand-in for 're2js', used only for the Firestore SDK's import (see
// web/build/slimFirebase.ts). Firestore needs it solely to evaluate regexContains / regexMatch /
// like expressions of Pipeline queries on the client; Trato does not use pipelines. Firestore
// wraps these calls in try/catch, so a pipeline with a regular expression would evaluate to an
// error (with a warning in the console) instead of a result.
export class RE2JS {
  static compile() {
    throw new Error(
      'Regular expressions in Firestore pipelines are not part of this build (web/build/slimFirebase.ts)',
    );
  }
}
