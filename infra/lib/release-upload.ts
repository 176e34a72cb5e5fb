/**
 * The end of every team's deploy, shell or remote: the release snapshot (its record and its pages,
 * named by their content), then the current-release record once the build and the snapshot are in
 * the bucket (with the note of the publish: who, the commit; the publisher records it in the history), then the publication that fails the deploy unless mfe/remotes.json shows the release.
 */
import type { Construct, IConstruct } from 'constructs';
import { CACHE_IMMUTABLE, CACHE_NO_CACHE } from '@kesho/release-model/security-headers';
import path from 'node:path';
import { CANARY_COMMANDS_PREFIX, canaryCommandKey } from '@kesho/release-model/engine/edge-pass';
import { releasePrefix, type ReleaseRecord } from '@kesho/release-model/engine/release-record';
import type { SiteBucketUploads } from './bucket-upload';
import { ReleasePublication } from './release-publisher';
import { stageCurrentRecord, stageFiles, stageRelease, type StagedFile } from './site-build';

export interface ReleaseUploadBuild {
  readonly pages: readonly StagedFile[];
  readonly record: ReleaseRecord;
}

/**
 * How a deploy releases: to everyone (the app's current record), as a canary for a share of
 * visitors (its command in mfe/canary/<app>.json, -c canary=<percent>), or staged for preview
 * (nothing but the snapshot; the publication answers with the link, -c preview=<hours>).
 */
export type ReleaseMode = { readonly kind: 'publish' } | { readonly kind: 'canary'; readonly percent: number } | { readonly kind: 'preview'; readonly hours: number };

/**
 * The commit the deploy built, as the synth knows it offline: GitHub Actions' GITHUB_SHA (the team's
 * pipeline checks out that commit and builds it), as the local release names it ("<12 hex digits>");
 * nothing outside a pipeline. Recorded with the history entry of the publish or canary.
 */
export function deployOrigin(env: NodeJS.ProcessEnv = process.env): { readonly source?: string; readonly commit?: string } {
  const sha = env.GITHUB_SHA?.trim().toLowerCase();
  if (!sha || !/^[0-9a-f]{40}$/.test(sha)) return {};
  return { source: sha.slice(0, 12), commit: sha.slice(0, 12) };
}

/** Uploads the release after `buildUploads` and publishes it (or starts its canary, or stages its preview); returns the publication. */
export function uploadAndPublishRelease(
  scope: Construct,
  uploads: SiteBucketUploads,
  build: ReleaseUploadBuild,
  buildUploads: readonly IConstruct[],
  mode: ReleaseMode = { kind: 'publish' },
): ReleasePublication {
  const snapshot = uploads.upload('ReleaseSnapshot', {
    directory: stageRelease(build),
    keyPrefix: releasePrefix(build.record.app, build.record.release),
    cacheControl: CACHE_IMMUTABLE,
  });
  const app = build.record.app;
  const release = build.record.release;
  // Who is recorded as publishing, starting the canary or staging the preview (the release history's "by"), and the commit built.
  const by = process.env.RELEASED_BY?.trim() || 'cdk deploy';
  const origin = deployOrigin();
  if (mode.kind === 'preview') {
    snapshot.node.addDependency(...buildUploads);
    return new ReleasePublication(scope, 'Publication', { app, release, after: [snapshot], mode: { Mode: 'preview', Hours: String(mode.hours), By: by } });
  }
  if (mode.kind === 'canary') {
    const key = canaryCommandKey(app);
    const commandFile = stageFiles({ files: [], documents: { [path.posix.basename(key)]: JSON.stringify({ action: 'start', release, percent: mode.percent, by, ...origin }) } });
    const command = uploads.upload('CanaryCommand', { directory: commandFile, keyPrefix: CANARY_COMMANDS_PREFIX, cacheControl: CACHE_NO_CACHE, contentType: 'application/json' });
    command.node.addDependency(...buildUploads, snapshot);
    return new ReleasePublication(scope, 'Publication', { app, release, after: [command], mode: { Mode: 'canary', Percent: String(mode.percent) } });
  }
  const current = stageCurrentRecord(build.record, { action: 'publish', by, ...origin });
  const record = uploads.upload('CurrentRelease', {
    directory: current.directory,
    keyPrefix: current.key.slice(0, current.key.lastIndexOf('/') + 1),
    cacheControl: CACHE_NO_CACHE,
    contentType: 'application/json',
  });
  record.node.addDependency(...buildUploads, snapshot);
  return new ReleasePublication(scope, 'Publication', { app: build.record.app, release: build.record.release, after: [record] });
}
