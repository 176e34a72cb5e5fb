'use strict';
// Lambda entry of the payment path's pre-traffic check. Plain JavaScript like the origin-verify
// authorizer: the CodeDeploy and Lambda clients are left external and supplied by the nodejs24.x
// runtime; what is sent and judged is in check.ts (unit-tested).
const { CodeDeployClient, GetDeploymentCommand, PutLifecycleEventHookExecutionStatusCommand } = require('@aws-sdk/client-codedeploy');
const { LambdaClient, InvokeCommand } = require('@aws-sdk/client-lambda');
const { createCheck, readCheckSettings } = require('./check');

const settings = readCheckSettings(process.env);
const codedeploy = new CodeDeployClient({});
const lambda = new LambdaClient({});

exports.handler = createCheck(settings, {
  async deploymentGroupOf(deploymentId) {
    const output = await codedeploy.send(new GetDeploymentCommand({ deploymentId }));
    const group = output.deploymentInfo && output.deploymentInfo.deploymentGroupName;
    if (!group) throw new Error(`Deployment ${deploymentId} names no deployment group`);
    return group;
  },
  async invoke(functionArn, payload) {
    const output = await lambda.send(new InvokeCommand({ FunctionName: functionArn, InvocationType: 'RequestResponse', Payload: Buffer.from(payload) }));
    return { payload: Buffer.from(output.Payload ?? []).toString('utf8'), ...(output.FunctionError ? { functionError: output.FunctionError } : {}) };
  },
  async report(deploymentId, lifecycleEventHookExecutionId, status) {
    await codedeploy.send(new PutLifecycleEventHookExecutionStatusCommand({ deploymentId, lifecycleEventHookExecutionId, status }));
  },
  log(line) {
    console.log(JSON.stringify(line));
  },
});
