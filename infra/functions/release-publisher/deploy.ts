/**
 * The release publisher's answer to CloudFormation: a shell or remote stack's deploy (its custom
 * resource, lib/release-publisher.ts) runs one pass of the shared release engine
 * (@kesho/release-model/engine/*) and succeeds only if the site then shows the release it deployed.
 * What a deploy event carries and which stack may deploy which app are AWS's own (CloudFormation's
 * StackId); every decision about the release is the engine's, the same one the local release runs.
 */
import { publishSite, type EdgePublishResult, type EdgeServices } from '@kesho/release-model/engine/edge-pass';
import { publishReleases, readPublished, readPublishedRecord, type PublishOptions, type PublishResult } from '@kesho/release-model/engine/publish';
import { buildIdOf, POINTER_DOCUMENT_KEY, SHELL_APP } from '@kesho/release-model/engine/release-record';
import type { ObjectStore } from '@kesho/release-model/object-store';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The custom resource each shell and remote stack deploys after its release record (see lib/release-publisher.ts). */
export interface DeployRequest {
  readonly RequestType: 'Create' | 'Update' | 'Delete';
  /** Mode: "canary" (with Percent) or "preview" (with Hours) for those deploys (deployEdge below). */
  readonly ResourceProperties: { readonly App?: unknown; readonly Release?: unknown; readonly Mode?: unknown; readonly Hours?: unknown; readonly By?: unknown };
  readonly PhysicalResourceId?: string;
  /** The stack deploying (its rollback state is read when its release was withdrawn). */
  readonly StackId?: string;
}

export interface DeployOutcome {
  readonly status: 'SUCCESS' | 'FAILED';
  readonly reason: string;
  readonly physicalResourceId: string;
  /** Attributes of the custom resource (a preview's link). */
  readonly data?: Readonly<Record<string, string>>;
}

/**
 * Why a deploy's App is not the deploying stack's own (null when it is): a team's stack names its App
 * in the resource's properties, which the team writes, so a stack could otherwise stage a preview or
 * a canary of another app, or answer for another app's release. CloudFormation names the stack in
 * every request (StackId, `arn:…:stack/<name>/<id>`): KeshoShell deploys the shell, KeshoRemote-<app>
 * that remote, nothing else.
 */
export function foreignApp(app: string, stackId: string | undefined): string | null {
  if (stackId === undefined) return null;
  const stackName = /:stack\/([^/]+)\//.exec(stackId)?.[1] ?? '';
  const own = stackName === 'KeshoShell' ? 'shell' : /^KeshoRemote-(.+)$/.exec(stackName)?.[1];
  return own === app ? null : `stack ${stackName || stackId} may only publish its own app${own ? ` (${own})` : ''}, not ${app}`;
}

/**
 * A deploy's publish: publishes, then reads mfe/remotes.json back and succeeds only if it records the
 * release this deploy wrote for its app (and, for a remote, that release's build), so `cdk deploy`
 * fails, and CloudFormation rolls the stack back, whenever the site does not show what was deployed.
 * Deleting a stack leaves its release published (its files are retained too).
 */
export async function publishForDeploy(
  store: ObjectStore,
  request: DeployRequest,
  options: PublishOptions = {},
  /** The whole pass the Lambda runs (@kesho/release-model/engine/edge-pass publishSite: the live site, then canaries and previews). */
  publish: (store: ObjectStore) => Promise<PublishResult> = (bucketStore) => publishReleases(bucketStore, options),
  /** Whether the deploying stack is rolling back (CloudFormation's stack status); index.js asks CloudFormation. */
  rollingBack: (request: DeployRequest) => Promise<boolean> = async () => false,
): Promise<DeployOutcome> {
  const { App: app, Release: release } = request.ResourceProperties;
  if (typeof app !== 'string' || typeof release !== 'string') {
    return { status: 'FAILED', reason: 'The publish resource needs the properties App and Release', physicalResourceId: 'release-publish' };
  }
  const physicalResourceId = `release-publish-${app}`;
  const foreign = request.RequestType === 'Delete' ? null : foreignApp(app, request.StackId);
  if (foreign) return { status: 'FAILED', reason: foreign, physicalResourceId };
  if (request.RequestType === 'Delete') {
    return { status: 'SUCCESS', reason: `Deleting the stack leaves ${app}'s release published`, physicalResourceId };
  }
  let result: PublishResult;
  try {
    result = await publish(store);
  } catch (error) {
    return { status: 'FAILED', reason: `Publishing failed: ${messageOf(error)}`, physicalResourceId };
  }
  const rejection = result.rejected.find((candidate) => candidate.app === app);
  if (rejection?.withdrawn) {
    // A failed deploy's rollback uploads the stack's last release again: the site keeps the release a
    // person rolled back to, and the rollback completes. Deploying a withdrawn release anew is refused.
    if (await rollingBack(request)) return { status: 'SUCCESS', reason: `${rejection.reason} (the stack's rollback completes without it)`, physicalResourceId };
    return { status: 'FAILED', reason: `${rejection.reason}; build and deploy a new release instead`, physicalResourceId };
  }
  if (rejection) return { status: 'FAILED', reason: rejection.reason, physicalResourceId };

  const { state } = await readPublished(store);
  const shown = state.releases[app];
  if (shown !== release) {
    return {
      status: 'FAILED',
      reason: `${POINTER_DOCUMENT_KEY} shows release ${shown ?? 'none'} of ${app}, not ${release} (changed by another release since?)`,
      physicalResourceId,
    };
  }
  if (app !== SHELL_APP) {
    const record = await readPublishedRecord(store, app, release);
    const entry = state.remotes.find((pointer) => pointer.name === app);
    if (!record || !entry || entry.buildId !== buildIdOf(record)) {
      return { status: 'FAILED', reason: `${POINTER_DOCUMENT_KEY} does not point ${app} at the build of release ${release}`, physicalResourceId };
    }
  }
  return { status: 'SUCCESS', reason: `${POINTER_DOCUMENT_KEY} shows release ${release} of ${app}`, physicalResourceId };
}

/**
 * A canary or preview deploy (the publication of a stack deployed with -c canary=<percent> or
 * -c preview=<hours>): one pass, then SUCCESS only if the edge record shows this release running as
 * the canary, or staged for preview (its link in the resource's PreviewLink attribute).
 */
export async function deployEdge(store: ObjectStore, services: EdgeServices, request: DeployRequest): Promise<DeployOutcome> {
  const { App: app, Release: release, Mode: mode, Hours: hours, By: by } = request.ResourceProperties;
  const physicalResourceId = `release-${String(mode)}-${String(app)}`;
  if (typeof app !== 'string' || typeof release !== 'string' || (mode !== 'canary' && mode !== 'preview')) {
    return { status: 'FAILED', reason: 'The publish resource needs App, Release and a Mode of canary or preview', physicalResourceId };
  }
  if (request.RequestType === 'Delete') return { status: 'SUCCESS', reason: `Deleting the stack leaves ${app}'s ${mode} as it is`, physicalResourceId };
  // A team's stack stages its own app only (its App property is the team's to write).
  const foreign = foreignApp(app, request.StackId);
  if (foreign) return { status: 'FAILED', reason: foreign, physicalResourceId };
  const hoursValue = Number(hours);
  if (mode === 'preview' && !(hoursValue > 0 && hoursValue <= 720)) return { status: 'FAILED', reason: 'A preview is valid for 1 to 720 hours (-c preview=<hours>)', physicalResourceId };
  let result: EdgePublishResult;
  try {
    result = await publishSite(store, services, mode === 'preview' ? { preview: { app, release, hours: hoursValue, ...(typeof by === 'string' ? { by } : {}) } } : {});
  } catch (error) {
    return { status: 'FAILED', reason: `Publishing failed: ${messageOf(error)}`, physicalResourceId };
  }
  const rejection = result.rejected.find((candidate) => candidate.app === app);
  if (rejection) return { status: 'FAILED', reason: rejection.reason, physicalResourceId };
  if (mode === 'preview') {
    if (!result.preview) return { status: 'FAILED', reason: `release ${release} of ${app} was not staged`, physicalResourceId };
    return {
      status: 'SUCCESS',
      reason: `${app} ${result.preview.buildId} staged for preview until ${result.preview.expiresAt}`,
      physicalResourceId,
      data: { PreviewLink: result.preview.link },
    };
  }
  const canary = result.record.canaries.find((entry) => entry.app === app);
  if (canary?.release !== release) {
    return { status: 'FAILED', reason: `the edge runs ${canary ? `release ${canary.release}` : 'no canary'} of ${app}, not ${release}`, physicalResourceId };
  }
  return { status: 'SUCCESS', reason: `${app} ${canary.buildId} is the canary for ${canary.percent} % of visitors`, physicalResourceId };
}
