'use strict';
// Lambda entry of the not-found page (the failover origin of the site's pages). Plain JavaScript like
// the release publisher: the S3 client is left external and supplied by the nodejs24.x runtime; what
// it answers is in page.ts (unit-tested).
const { S3Client, GetObjectCommand } = require('@aws-sdk/client-s3');
const { createNotFoundHandler } = require('./page');

const bucket = process.env.SITE_BUCKET_NAME;
const key = process.env.NOT_FOUND_PAGE_KEY;
const cacheSeconds = Number(process.env.NOT_FOUND_CACHE_SECONDS);
if (!bucket || !key) throw new Error('Missing env var SITE_BUCKET_NAME or NOT_FOUND_PAGE_KEY');
if (!Number.isInteger(cacheSeconds) || cacheSeconds <= 0) throw new Error('NOT_FOUND_CACHE_SECONDS must be a positive whole number');
const s3 = new S3Client({});

async function readPage() {
  try {
    const output = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return await output.Body.transformToString('utf-8');
  } catch (error) {
    // Without list rights S3 answers a missing key with 403, like the distribution's own reads.
    const status = error && error.$metadata ? error.$metadata.httpStatusCode : undefined;
    if (error && (error.name === 'NoSuchKey' || error.name === 'AccessDenied' || status === 404 || status === 403)) return null;
    throw error;
  }
}

exports.handler = createNotFoundHandler(readPage, cacheSeconds * 1000);
