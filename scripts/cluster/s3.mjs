// The cluster check's bucket: an S3 server started for the run (scripts/cluster/s3rver-main.mjs) in
// place of compose's MinIO, and the audit that holds the bucket against the database after the faults.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { startProcess, until } from './procs.mjs';
import { root } from './topology.mjs';

/** The thumbnail's key of an object (apps/server/src/modules/upload/object-name.ts). */
const thumbKeyOf = (key) => `thumbs/${key.slice(key.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '')}.jpg`;

/** s3rver's fixed credentials (it accepts any signature made with them). */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** Starts the S3 server on `port` with its objects under `dir`; resolves once the bucket answers. */
export async function startS3({ port, dir, bucket }) {
  const proc = startProcess('s3', process.execPath, ['scripts/cluster/s3rver-main.mjs'], {
    cwd: root,
    env: { ...process.env, S3_PORT: String(port), S3_DIR: dir, S3_BUCKET: bucket },
  });
  await until(
    'the S3 server',
    () => fetch(`http://127.0.0.1:${port}/${bucket}/`).then((r) => r.status),
    (status) => status === 200,
    60_000,
  );
  return proc;
}

/** Every object of the bucket: key → size. */
export async function bucketObjects({ endpoint, bucket }) {
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: S3_CREDENTIALS });
  const objects = new Map();
  let token;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const o of page.Contents ?? []) {
      objects.set(o.Key, o.Size ?? 0);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  client.destroy();
  return objects;
}

/**
 * The bucket against the database: every key a row names (materials and their thumbnails, uploads
 * and tus's `.info` beside them, music, publish screenshots, template previews) and what the bucket
 * holds. Missing: a row's object not in the bucket. Orphans: objects no row names (a registered
 * upload whose material is gone counts as none), but for what is made on demand and kept by content
 * hash (`clip/preview/`, look previews). Releasing: removed materials' objects the upload ledger
 * still holds as 'released' (a release cut short by a kill; the cleanup job frees them).
 */
export async function auditBucket({ db, endpoint, bucket }) {
  const objects = await bucketObjects({ endpoint, bucket });
  const named = new Set();
  const wanted = [];
  const keysOf = async (sql) => (await db.query(sql)).rows.map((r) => r.key).filter(Boolean);
  for (const key of await keysOf(`SELECT object_key AS key FROM material UNION ALL SELECT thumb_key FROM material`)) {
    named.add(key);
    wanted.push(key);
  }
  // An upload row: its object once complete, tus's metadata beside it until the upload is forgotten.
  // A registered one only while its material exists (else nothing would ever free it).
  for (const key of await keysOf(
    `SELECT object_key AS key FROM upload u WHERE status IN ('uploading', 'finished')
     OR (status = 'registered' AND EXISTS (SELECT 1 FROM material m WHERE m.object_key = u.object_key))`,
  )) {
    named.add(key).add(`${key}.info`).add(`${key}.part`);
  }
  // A removed material's object whose release died with its process: the cleanup job frees it.
  const releasing = await keysOf(`SELECT object_key AS key FROM upload WHERE status = 'released'`);
  for (const key of releasing) {
    named.add(key).add(thumbKeyOf(key));
  }
  for (const sql of [
    `SELECT object_key AS key FROM music`,
    `SELECT screenshot_key AS key FROM publish_attempt`,
    `SELECT screenshot_key AS key FROM publish_job`,
    `SELECT preview_key AS key FROM clip_template`,
  ]) {
    for (const key of await keysOf(sql).catch(() => [])) {
      named.add(key);
    }
  }
  const missing = wanted.filter((key) => !objects.has(key));
  const orphans = [...objects.keys()].filter(
    (key) => !named.has(key) && !key.startsWith('clip/preview/') && !key.startsWith('looks/'),
  );
  return { objects: objects.size, sizes: objects, missing, orphans, releasing };
}
