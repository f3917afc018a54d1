/**
 * The google.firestore.v1.Firestore service definition, built once per process from the protos
 * that ship with @google-cloud/firestore (its `build/protos/v1.json`, the protobufjs form of the
 * .proto files next to it, which google-gax itself loads).
 *
 * One field is added: `Write.verify` (field 5 of the `operation` oneof). The public protos leave
 * it out, but the firebase web SDK's own copy of write.proto has it and sends it in every
 * transaction that reads a document without writing it ("The name of a document on which to
 * verify the `current_document` precondition. This only requires read access to the document.").
 * Without the field, protobufjs would drop it as unknown and the write would arrive with no
 * operation at all.
 */
import { createRequire } from 'node:module';
import * as protoLoader from '@grpc/proto-loader';
import type { ServiceDefinition } from '@grpc/grpc-js';

let cached: ServiceDefinition | undefined;

type JsonNamespace = Parameters<typeof protoLoader.fromJSON>[0];
interface JsonMessage {
  oneofs?: Record<string, { oneof: string[] }>;
  fields?: Record<string, { type: string; id: number }>;
}

const VERIFY_FIELD_ID = 5;

/** The node at `path` (names separated by dots) of a protobufjs JSON namespace. */
function lookup(json: JsonNamespace, path: string): JsonMessage | undefined {
  let node: unknown = json;
  for (const name of path.split('.')) node = (node as { nested?: Record<string, unknown> })?.nested?.[name];
  return node as JsonMessage | undefined;
}

function firestoreV1Json(): JsonNamespace {
  const require = createRequire(import.meta.url);
  const json = structuredClone(require('@google-cloud/firestore/build/protos/v1.json') as JsonNamespace);
  const write = lookup(json, 'google.firestore.v1.Write');
  const operation = write?.oneofs?.operation;
  if (!write?.fields || !operation) throw new Error('google.firestore.v1.Write not found in the protos');
  if (!write.fields.verify) {
    if (Object.values(write.fields).some((f) => f.id === VERIFY_FIELD_ID)) {
      throw new Error(`google.firestore.v1.Write already has a field ${VERIFY_FIELD_ID}`);
    }
    write.fields.verify = { type: 'string', id: VERIFY_FIELD_ID };
    operation.oneof.push('verify');
  }
  return json;
}

export function firestoreServiceDefinition(): ServiceDefinition {
  if (cached) return cached;
  const definition = protoLoader.fromJSON(firestoreV1Json(), {
    longs: String,
    enums: String,
    bytes: Buffer,
    oneofs: true,
    defaults: false,
  });
  cached = definition['google.firestore.v1.Firestore'] as ServiceDefinition;
  if (!cached) throw new Error('google.firestore.v1.Firestore not found in the protos');
  return cached;
}
