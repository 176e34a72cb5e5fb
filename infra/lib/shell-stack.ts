/**
 * The shell team's deploy: the shell's build folders (immutable, older builds kept for rollback) and
 * the files served from the site root plus the not-found page. It never writes a remote's files, the
 * pointer document, or a route's page.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import { CACHE_IMMUTABLE, CACHE_NO_CACHE } from '@kesho/common/security-headers';
import { acknowledgeUploadFunctionFindings, SOURCE_MAPS, uploadToSiteBucket } from './bucket-upload';
import { readShellBuild, stageFiles } from './site-build';

export interface ShellStackProps extends StackProps {
  /** The site bucket of the KeshoSite stack, by name (see SiteStackProps.siteBucketName). */
  readonly siteBucketName: string;
  /** The site build, e.g. ../dist/site. */
  readonly siteDir: string;
}

export class ShellStack extends Stack {
  constructor(scope: Construct, id: string, props: ShellStackProps) {
    super(scope, id, props);
    const build = readShellBuild(props.siteDir);
    const siteBucket = Bucket.fromBucketName(this, 'SiteBucket', props.siteBucketName);

    uploadToSiteBucket(this, 'ShellAssets', {
      sources: [Source.asset(build.assetsDir, { exclude: SOURCE_MAPS })],
      bucket: siteBucket,
      keyPrefix: 'shell/',
      cacheControl: CACHE_IMMUTABLE,
    });
    uploadToSiteBucket(this, 'SharedFiles', {
      sources: [Source.asset(stageFiles({ files: build.sharedFiles }))],
      bucket: siteBucket,
      keyPrefix: '',
      cacheControl: CACHE_NO_CACHE,
    });

    acknowledgeUploadFunctionFindings(this, props.siteBucketName);
  }
}
