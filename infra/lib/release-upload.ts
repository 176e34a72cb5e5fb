/**
 * The end of every team's deploy, shell or remote: the release snapshot (its record and its pages,
 * named by their content), then the current-release record once the build and the snapshot are in
 * the bucket, then the publication that fails the deploy unless mfe/remotes.json shows the release.
 */
import type { Construct, IConstruct } from 'constructs';
import { CACHE_IMMUTABLE, CACHE_NO_CACHE } from '@kesho/common/security-headers';
import { releasePrefix, type ReleaseRecord } from '../functions/release-publisher/release-record';
import type { SiteBucketUploads } from './bucket-upload';
import { ReleasePublication } from './release-publisher';
import { stageCurrentRecord, stageRelease, type StagedFile } from './site-build';

export interface ReleaseUploadBuild {
  readonly pages: readonly StagedFile[];
  readonly record: ReleaseRecord;
}

/** Uploads the release after `buildUploads` and publishes it; returns the publication. */
export function uploadAndPublishRelease(scope: Construct, uploads: SiteBucketUploads, build: ReleaseUploadBuild, buildUploads: readonly IConstruct[]): ReleasePublication {
  const snapshot = uploads.upload('ReleaseSnapshot', {
    directory: stageRelease(build),
    keyPrefix: releasePrefix(build.record.app, build.record.release),
    cacheControl: CACHE_IMMUTABLE,
  });
  const current = stageCurrentRecord(build.record);
  const record = uploads.upload('CurrentRelease', {
    directory: current.directory,
    keyPrefix: current.key.slice(0, current.key.lastIndexOf('/') + 1),
    cacheControl: CACHE_NO_CACHE,
    contentType: 'application/json',
  });
  record.node.addDependency(...buildUploads, snapshot);
  return new ReleasePublication(scope, 'Publication', { app: build.record.app, release: build.record.release, after: [record] });
}
