// The cluster check's S3 server (MinIO cannot be pulled here): s3rver on S3_PORT, objects under
// S3_DIR, one bucket S3_BUCKET. A process of its own, so the APIs and workers reach it over the network
// as they would reach MinIO, and it outlives none of them (the check ends it).
import S3rver from 's3rver';

const server = new S3rver({
  // 127.0.0.1 for the process check; the stand-in container of deploy/local listens on every address.
  address: process.env.S3_ADDRESS ?? '127.0.0.1',
  port: Number(process.env.S3_PORT),
  silent: true,
  // Path-style only: s3rver reads another host name (the stand-in's `minio`) as a bucket's (CNAME style).
  vhostBuckets: false,
  directory: process.env.S3_DIR,
  configureBuckets: [{ name: process.env.S3_BUCKET, configs: [] }],
});
const { port } = await server.run();
console.log(`s3rver listening on ${port}`);
process.once('SIGTERM', () => void server.close().then(() => process.exit(0)));
