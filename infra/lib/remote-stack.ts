/**
 * One remote team's deploy. In this order:
 *   1. its build folder mfe/<name>/<buildId>/ (immutable; older builds stay for rollback),
 *   2. the release snapshot releases/<name>/<buildId>/: its pointer entry and its prerendered pages,
 *   3. its pointer mfe/pointers/<name>.json, only once 1 and 2 are in place.
 * Writing the pointer triggers the site's release publisher, which copies the pages live and rebuilds
 * mfe/remotes.json from every remote's pointer. Every key written here carries this remote's name, so
 * a deploy of one remote cannot overwrite another's.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { CACHE_IMMUTABLE, CACHE_NO_CACHE } from '@kesho/common/security-headers';
import { POINTERS_PREFIX, releasePrefix } from '../functions/release-publisher/release-record';
import { acknowledgeUploadFunctionFindings, SOURCE_MAPS, uploadToSiteBucket } from './bucket-upload';
import { readRemoteBuild, stageRemoteRelease } from './site-build';

export interface RemoteStackProps extends StackProps {
  readonly remoteName: string;
  /** The site bucket of the KeshoSite stack, by name (see SiteStackProps.siteBucketName). */
  readonly siteBucketName: string;
  /** The site build, e.g. ../dist/site. */
  readonly siteDir: string;
}

export class RemoteStack extends Stack {
  readonly buildId: string;

  constructor(scope: Construct, id: string, props: RemoteStackProps) {
    super(scope, id, props);
    const build = readRemoteBuild(props.siteDir, props.remoteName);
    const { name, buildId } = build.pointer;
    this.buildId = buildId;
    const siteBucket = Bucket.fromBucketName(this, 'SiteBucket', props.siteBucketName);

    const assets = uploadToSiteBucket(this, 'BuildAssets', {
      sources: [Source.asset(build.assetsDir, { exclude: SOURCE_MAPS })],
      bucket: siteBucket,
      keyPrefix: `mfe/${name}/${buildId}/`,
      cacheControl: CACHE_IMMUTABLE,
    });
    const release = uploadToSiteBucket(this, 'ReleaseSnapshot', {
      sources: [Source.asset(stageRemoteRelease(build))],
      bucket: siteBucket,
      keyPrefix: releasePrefix(name, buildId),
      cacheControl: CACHE_IMMUTABLE,
    });
    const pointer = uploadToSiteBucket(this, 'Pointer', {
      sources: [Source.jsonData(`${name}.json`, build.pointer)],
      bucket: siteBucket,
      keyPrefix: POINTERS_PREFIX,
      cacheControl: CACHE_NO_CACHE,
      contentType: 'application/json',
    });
    pointer.node.addDependency(assets, release);

    acknowledgeUploadFunctionFindings(this, props.siteBucketName);
  }
}
