// Build-time stand-in for '@firebase/webchannel-wrapper/bloom-blob', for the Firestore SDK's import
// only (web/build/slimFirebase.ts). Firestore uses its Integer and Md5 for two things:
// - a bloom filter the server may attach to a listen's existence filter, so that after a mismatch
//   the client re-queries only what it lost. Constructing the filter throws here, which Firestore
//   catches ("Applying bloom filter failed") and answers with a full re-query of that target, as
//   it did before bloom filters existed;
// - the ordering of numeric document ids ("__id123__"), which Firestore itself reserves and Trato
//   never uses (its ids are the SDK's random ones).
const unavailable = () => {
  throw new Error('Bloom filters are not part of this build (web/build/slimFirebase.ts)');
};
export class Integer {
  static fromNumber = unavailable;
  static fromString = unavailable;
}
export class Md5 {
  constructor() {
    unavailable();
  }
}
