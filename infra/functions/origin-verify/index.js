'use strict';
// Lambda entry of the origin-verify authorizer. Plain JavaScript like the release publisher: the
// Secrets Manager client is left external and supplied by the nodejs24.x runtime; the decisions
// (which values pass, for how long) are in verify.ts (unit-tested).
const { SecretsManagerClient, GetSecretValueCommand } = require('@aws-sdk/client-secrets-manager');
const { acceptedSecretValues, createAuthorizer } = require('./verify');

const secretArn = process.env.ORIGIN_VERIFY_SECRET_ARN;
if (!secretArn) throw new Error('Missing env var ORIGIN_VERIFY_SECRET_ARN');
const rotationWindowSeconds = Number(process.env.ORIGIN_VERIFY_ROTATION_WINDOW_SECONDS);
if (!Number.isInteger(rotationWindowSeconds) || rotationWindowSeconds <= 0) throw new Error('ORIGIN_VERIFY_ROTATION_WINDOW_SECONDS must be a positive whole number');
const client = new SecretsManagerClient({});

async function readStage(stage) {
  try {
    const output = await client.send(new GetSecretValueCommand({ SecretId: secretArn, VersionStage: stage }));
    if (!output.SecretString) throw new Error(`The origin-verify secret's ${stage} version has no string value`);
    return { value: output.SecretString, createdAt: new Date(output.CreatedDate) };
  } catch (error) {
    // No version holds AWSPREVIOUS before the first rotation.
    if (error && error.name === 'ResourceNotFoundException' && stage !== 'AWSCURRENT') return null;
    throw error;
  }
}

exports.handler = createAuthorizer(acceptedSecretValues(readStage, rotationWindowSeconds * 1000, 5 * 60 * 1000));
