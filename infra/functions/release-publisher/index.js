'use strict';
// Lambda entry of the release publisher: the S3 side of the ObjectStore that publisher.ts drives.
// Plain JavaScript on purpose: @aws-sdk/client-s3 is not a dependency of this repository; the bundle
// leaves it external and the nodejs24.x runtime supplies its own AWS SDK v3. All decisions live in
// publisher.ts (TypeScript, unit-tested); this file only translates calls.
const { S3Client, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, CopyObjectCommand, DeleteObjectCommand } = require('@aws-sdk/client-s3');
const https = require('node:https');
const { publishForDeploy, publishReleases } = require('./publisher');
const { pointerKey } = require('./release-record');

const bucket = process.env.SITE_BUCKET_NAME;
if (!bucket) throw new Error('Missing env var SITE_BUCKET_NAME');
const s3 = new S3Client({});

function httpStatusOf(error) {
  return error && error.$metadata ? error.$metadata.httpStatusCode : undefined;
}

const store = {
  async get(key) {
    try {
      const output = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return { body: await output.Body.transformToString('utf-8'), etag: output.ETag };
    } catch (error) {
      if (error.name === 'NoSuchKey' || httpStatusOf(error) === 404) return null;
      throw error;
    }
  },

  async listKeys(prefix) {
    const keys = [];
    let continuationToken;
    do {
      const output = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: continuationToken }));
      for (const object of output.Contents || []) keys.push(object.Key);
      continuationToken = output.IsTruncated ? output.NextContinuationToken : undefined;
    } while (continuationToken);
    return keys;
  },

  async put(key, body, metadata, condition) {
    try {
      await s3.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: metadata.contentType,
          CacheControl: metadata.cacheControl,
          IfMatch: condition.ifMatch,
          IfNoneMatch: condition.ifNoneMatch,
        }),
      );
      return 'written';
    } catch (error) {
      // 412: the ETag moved on; 409: a concurrent conditional write to the same key is in flight.
      const status = httpStatusOf(error);
      if (status === 412 || status === 409) return 'precondition-failed';
      throw error;
    }
  },

  async copy(sourceKey, targetKey, metadata) {
    await s3.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: targetKey,
        CopySource: encodeURI(`${bucket}/${sourceKey}`),
        MetadataDirective: 'REPLACE',
        ContentType: metadata.contentType,
        CacheControl: metadata.cacheControl,
      }),
    );
  },

  async delete(key) {
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  },
};

/** CloudFormation waits for the custom resource's answer at the pre-signed ResponseURL (an HTTPS PUT). */
function answerCloudFormation(event, outcome) {
  const body = JSON.stringify({
    Status: outcome.status,
    // CloudFormation keeps at most 4 KB of the whole answer.
    Reason: outcome.reason.slice(0, 2000),
    PhysicalResourceId: outcome.physicalResourceId,
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  });
  return new Promise((resolve, reject) => {
    const request = https.request(event.ResponseURL, {
      method: 'PUT',
      headers: { 'content-type': '', 'content-length': Buffer.byteLength(body) },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`CloudFormation answered ${response.statusCode}`))));
    });
    request.on('error', reject);
    request.end(body);
  });
}

exports.handler = async (event) => {
  if (event.RequestType) {
    // A shell or remote stack's deploy: publish, check mfe/remotes.json shows its release, answer.
    // It never throws, so CloudFormation always gets an answer and the event is not retried.
    const outcome = await publishForDeploy(store, event).catch((error) => ({
      status: 'FAILED',
      reason: `Publishing failed: ${error.message}`,
      physicalResourceId: event.PhysicalResourceId || 'release-publish',
    }));
    console.log(JSON.stringify({ message: 'deploy publish', stack: event.StackId, properties: event.ResourceProperties, ...outcome }));
    await answerCloudFormation(event, outcome);
    return outcome;
  }
  const changedKeys = new Set((event.Records || []).map((record) => record.s3.object.key));
  const changes = (event.Records || []).map((record) => `${record.eventName} ${record.s3.object.key}`);
  const result = await publishReleases(store);
  console.log(JSON.stringify({ message: 'published releases', changes, ...result }));
  // Only a release this event changed fails the run: a record already rejected earlier (and reported
  // then) must not fail, and alarm on, every later team's release.
  const rejectedNow = result.rejected.filter((rejection) => changedKeys.has(pointerKey(rejection.app)));
  if (rejectedNow.length) {
    // Everyone else is published; failing the run keeps the event (PublishFailures) and raises the alarm.
    throw new Error(`Releases not published: ${rejectedNow.map((rejection) => rejection.reason).join('; ')}`);
  }
  return result;
};
