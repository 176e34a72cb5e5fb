'use strict';
// Lambda entry of the release publisher: the S3 side of the ObjectStore that the shared release engine
// (@kesho/release-model/engine/*: publish, edge-pass, publish-watch, prune; the local release runs the
// same modules over a folder) drives, and the KeyValueStore, Secrets Manager, CloudWatch and SNS sides of
// what its edge pass (canaries, previews, the scheduled check) needs. Plain JavaScript on purpose: the clients of the runtime's AWS SDK v3
// (S3, CloudWatch, SNS, Secrets Manager) are not dependencies of this repository; the bundle leaves
// them external. The KeyValueStore client and the SigV4A signer its API requires are bundled
// (infra/package.json). All decisions live in the engine and in deploy.ts (TypeScript, unit-tested);
// this file only translates calls.
const { S3Client, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, CopyObjectCommand, DeleteObjectCommand } = require('@aws-sdk/client-s3');
// Registers the JavaScript SigV4A signer the CloudFront KeyValueStore API is called with.
require('@aws-sdk/signature-v4a');
const { CloudFrontKeyValueStoreClient, DescribeKeyValueStoreCommand, GetKeyCommand, PutKeyCommand } = require('@aws-sdk/client-cloudfront-keyvaluestore');
const https = require('node:https');
const { cloudWatchFigures } = require('./figures');
const { deployEdge, publishForDeploy } = require('./deploy');
const { CANARY_CHECK_EVENT_FIELD, canaryCommandKey, publishSite, watchCanaries } = require('@kesho/release-model/engine/edge-pass');
const { pointerKey } = require('@kesho/release-model/engine/release-record');
const { watchPublishes } = require('@kesho/release-model/engine/publish-watch');
const { keptBuildsOf } = require('@kesho/release-model/engine/prune');

const bucket = process.env.SITE_BUCKET_NAME;
if (!bucket) throw new Error('Missing env var SITE_BUCKET_NAME');
const s3 = new S3Client({});
const kvsArn = process.env.EDGE_STATE_STORE_ARN;
const kvsClient = new CloudFrontKeyValueStoreClient({});

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

  async head(key) {
    try {
      const output = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return { etag: output.ETag, metadata: { contentType: output.ContentType || '', cacheControl: output.CacheControl || '' } };
    } catch (error) {
      if (error.name === 'NotFound' || error.name === 'NoSuchKey' || httpStatusOf(error) === 404) return null;
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
    ...(outcome.data ? { Data: outcome.data } : {}),
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

/** The distribution's KeyValueStore: a put names the store's current version (ETag), read just before. */
const kvs = {
  async get(key) {
    try {
      return (await kvsClient.send(new GetKeyCommand({ KvsARN: kvsArn, Key: key }))).Value;
    } catch (error) {
      if (error.name === 'ResourceNotFoundException' || httpStatusOf(error) === 404) return null;
      throw error;
    }
  },
  async put(key, value) {
    const { ETag } = await kvsClient.send(new DescribeKeyValueStoreCommand({ KvsARN: kvsArn }));
    await kvsClient.send(new PutKeyCommand({ KvsARN: kvsArn, Key: key, Value: value, IfMatch: ETag }));
  },
};

/** Whether the stack a deploy event comes from is rolling back (UPDATE_ROLLBACK_IN_PROGRESS and the like). */
async function stackIsRollingBack(event) {
  const { CloudFormationClient, DescribeStacksCommand } = require('@aws-sdk/client-cloudformation');
  const { Stacks = [] } = await new CloudFormationClient({}).send(new DescribeStacksCommand({ StackName: event.StackId }));
  return Stacks.some((stack) => /ROLLBACK_IN_PROGRESS$/.test(stack.StackStatus || ''));
}

/**
 * How long a read of the preview links' key is used: the one-minute canary check keeps a container
 * warm for days, so a key cached for the container's life would never see a rotation; read again
 * after this, a put key is signed with and handed to the edge within five minutes.
 */
const PREVIEW_SECRET_MAX_AGE_MS = 5 * 60 * 1000;
let previewSecret;
/** The preview links' key from Secrets Manager, read again once PREVIEW_SECRET_MAX_AGE_MS old. */
async function readPreviewSecret() {
  if (!previewSecret || Date.now() - previewSecret.readAt >= PREVIEW_SECRET_MAX_AGE_MS) {
    const { SecretsManagerClient, GetSecretValueCommand } = require('@aws-sdk/client-secrets-manager');
    const value = (await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: process.env.PREVIEW_LINK_SECRET_ARN }))).SecretString;
    previewSecret = { value, readAt: Date.now() };
  }
  return previewSecret.value;
}

/** One build's client-event figures between two times, from the Kesho/ClientEvents metrics (figures.ts). */
const figures = cloudWatchFigures((input) => {
  const { CloudWatchClient, GetMetricDataCommand } = require('@aws-sdk/client-cloudwatch');
  return new CloudWatchClient({}).send(new GetMetricDataCommand(input));
});

async function notify(subject, message) {
  const { SNSClient, PublishCommand } = require('@aws-sdk/client-sns');
  await new SNSClient({}).send(new PublishCommand({ TopicArn: process.env.ALARM_TOPIC_ARN, Subject: subject, Message: message }));
}

const services = {
  kvs,
  previewSecret: readPreviewSecret,
  figures,
  notify,
  siteOrigin: process.env.SITE_ORIGIN,
  thresholds: process.env.CANARY_THRESHOLDS ? JSON.parse(process.env.CANARY_THRESHOLDS) : undefined,
  publishWatchMinutes: process.env.PUBLISH_WATCH_MINUTES ? Number(process.env.PUBLISH_WATCH_MINUTES) : undefined,
  keptBuilds: keptBuildsOf(process.env.KEPT_BUILDS),
  log: (line) => console.log(JSON.stringify(line)),
};

exports.handler = async (event) => {
  if (event.RequestType) {
    // A shell or remote stack's deploy: publish (the whole pass, edge included), check that
    // mfe/remotes.json (or the edge record, for a canary or a preview) shows its release, answer.
    // It never throws, so CloudFormation always gets an answer and the event is not retried.
    const mode = event.ResourceProperties && event.ResourceProperties.Mode;
    const deploy = mode ? deployEdge(store, services, event) : publishForDeploy(store, event, {}, (bucketStore) => publishSite(bucketStore, services), stackIsRollingBack);
    const outcome = await deploy.catch((error) => ({
      status: 'FAILED',
      reason: `Publishing failed: ${error.message}`,
      physicalResourceId: event.PhysicalResourceId || 'release-publish',
    }));
    console.log(JSON.stringify({ message: 'deploy publish', stack: event.StackId, properties: event.ResourceProperties, ...outcome }));
    await answerCloudFormation(event, outcome);
    return outcome;
  }
  if (event[CANARY_CHECK_EVENT_FIELD]) {
    const checked = await watchCanaries(store, services);
    // Every publish is watched too: a team's publish of the last PUBLISH_WATCH_MINUTES, judged by the same rule.
    const watched = await watchPublishes(store, services);
    if (checked.aborted.length || watched.rolledBack.length) console.log(JSON.stringify({ message: 'canary check', ...checked, ...watched }));
    return { ...checked, ...watched };
  }
  const changedKeys = new Set((event.Records || []).map((record) => record.s3.object.key));
  const changes = (event.Records || []).map((record) => `${record.eventName} ${record.s3.object.key}`);
  const result = await publishSite(store, services);
  console.log(JSON.stringify({ message: 'published releases', changes, ...result, record: undefined }));
  // Only a release (or canary command) this event changed fails the run: a record already rejected
  // earlier (and reported then) must not fail, and alarm on, every later team's release. A withdrawn
  // release uploaded again is a stack's rollback at work, refused on purpose: no failure either.
  const rejectedNow = result.rejected.filter((rejection) => !rejection.withdrawn && (changedKeys.has(pointerKey(rejection.app)) || changedKeys.has(canaryCommandKey(rejection.app))));
  if (rejectedNow.length) {
    // Everyone else is published; failing the run keeps the event (PublishFailures) and raises the alarm.
    throw new Error(`Releases not published: ${rejectedNow.map((rejection) => rejection.reason).join('; ')}`);
  }
  return result;
};
