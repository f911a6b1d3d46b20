import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { LedgerS3Store } from './s3-tus-store.ts';
import { isSafeKey, type StorageConfig, type StorageDriver } from './storage.ts';
import type { UploadPartLedger } from './upload-part-ledger.ts';

/** Objects in an S3-compatible bucket (AWS S3, Aliyun OSS, MinIO, R2). */
export class S3StorageDriver implements StorageDriver {
  readonly kind = 's3' as const;
  readonly publicBaseUrl: string;
  private readonly client: S3Client;

  constructor(
    private readonly config: StorageConfig['s3'],
    /** The parts of unfinished uploads (a database table shared by every instance). */
    private readonly ledger: UploadPartLedger,
  ) {
    this.publicBaseUrl = config.publicUrl.endsWith('/') ? config.publicUrl : `${config.publicUrl}/`;
    this.client = new S3Client(this.clientConfig());
  }

  private clientConfig() {
    return {
      region: this.config.region,
      ...(this.config.endpoint ? { endpoint: this.config.endpoint, forcePathStyle: true } : {}),
      credentials: { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey },
      // Default flexible checksums send aws-chunked bodies many S3-compatible services store verbatim.
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      responseChecksumValidation: 'WHEN_REQUIRED' as const,
    };
  }

  private check(key: string): string {
    if (!isSafeKey(key)) {
      throw new Error(`Unsafe object key: ${key}`);
    }
    return key;
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    // Objects written here are small (thumbnails, posters, generated music); uploads go through tus.
    const data = Buffer.isBuffer(body) ? body : await streamToBuffer(body);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.config.bucket, Key: this.check(key), Body: data, ContentType: contentType }),
    );
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.check(key) }));
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.check(key) }));
      return head.ContentLength ?? null;
    } catch {
      return null;
    }
  }

  async fingerprint(key: string): Promise<string | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: this.check(key) }));
      return `${head.ContentLength ?? 0}:${head.ETag ?? ''}:${head.LastModified?.getTime() ?? 0}`;
    } catch {
      return null;
    }
  }

  async readHead(key: string, bytes: number): Promise<Buffer> {
    const res = await this.client.send(
      new GetObjectCommand({ Bucket: this.config.bucket, Key: this.check(key), Range: `bytes=0-${bytes - 1}` }),
    );
    const data = await res.Body?.transformToByteArray();
    // Some S3 peers ignore Range: keep only what was asked.
    return Buffer.from(data ?? []).subarray(0, bytes);
  }

  async read(key: string): Promise<Readable> {
    const res = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.check(key) }));
    return res.Body as Readable;
  }

  mediaSource(key: string): Promise<string> {
    // ffmpeg reads the public URL with HTTP range requests, so a poster at 1 s fetches little.
    return Promise.resolve(this.publicUrl(key));
  }

  publicUrl(key: string): string {
    return `${this.publicBaseUrl}${key}`;
  }

  tusDataStore() {
    return new LedgerS3Store({ s3ClientConfig: { ...this.clientConfig(), bucket: this.config.bucket } }, this.ledger);
  }

  async forgetUpload(key: string): Promise<void> {
    // The tus S3 store keeps the upload's metadata (.info) and a short last part (.part) beside it.
    for (const extra of [`${key}.info`, `${key}.part`]) {
      await this.delete(extra).catch(() => undefined);
    }
    await this.ledger.remove(key);
  }
}

async function streamToBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  }
  return Buffer.concat(chunks);
}
