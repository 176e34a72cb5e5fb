/**
 * The shell team's deploy: the shell's build folders (immutable, older builds kept for rollback) and a
 * shell release: the page of every route rendered with the new shell, which the release publisher
 * puts live for each route whose remote build it shows (a remote's own, newer pages stay), and the
 * files served from the site root plus the not-found page, which the publisher puts live with the
 * release (never before its publication; a rollback brings the older ones back). It never writes a
 * remote's files, a live page, a root file or the pointer document, and its upload role cannot.
 */
import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { CACHE_IMMUTABLE } from '@kesho/release-model/security-headers';
import { SHELL_BUILDS_PREFIX } from '@kesho/release-model/site-keys';
import { SHELL_APP, SHELL_ROOT_FILES, SHELL_SHARED_FILES } from '@kesho/release-model/engine/release-record';
import { SiteBucketUploads, SOURCE_MAPS } from './bucket-upload';
import { applyTeamBoundary, teamStackSynthesizer } from './team-deploy';
import { shellWritableKeys } from './team-keys';
import { readShellBuild, shellSnapshotFiles } from './site-build';
import { uploadAndPublishRelease } from './release-upload';

export interface ShellStackProps extends StackProps {
  /** The site bucket of the KeshoSite stack, by name (see SiteStackProps.siteBucketName). */
  readonly siteBucketName: string;
  /** The site build, e.g. ../dist/site. */
  readonly siteDir: string;
}

export class ShellStack extends Stack {
  readonly release: string;
  readonly uploads: SiteBucketUploads;

  constructor(scope: Construct, id: string, props: ShellStackProps) {
    // Deployed through the shell team's own roles (lib/team-deploy.ts), every role it makes within its boundary.
    super(scope, id, { ...props, synthesizer: teamStackSynthesizer(SHELL_APP) });
    applyTeamBoundary(this, SHELL_APP);
    const build = readShellBuild(props.siteDir);
    const unknownRootFiles = build.sharedFiles.map((file) => file.key).filter((key) => !SHELL_SHARED_FILES.includes(key));
    if (unknownRootFiles.length > 0) {
      throw new Error(
        `The shell's build puts ${unknownRootFiles.join(', ')} at the site root; the release publisher puts live only ${SHELL_ROOT_FILES.join(', ')}: ops add the file to SHELL_ROOT_FILES (packages/release-model/src/engine/release-record.ts)`,
      );
    }
    this.release = build.record.release;
    this.uploads = new SiteBucketUploads(this, 'Uploads', {
      siteBucketName: props.siteBucketName,
      owner: 'the shell',
      writableKeys: shellWritableKeys(),
    });

    const assets = this.uploads.upload('ShellAssets', {
      directory: build.assetsDir,
      exclude: SOURCE_MAPS,
      keyPrefix: SHELL_BUILDS_PREFIX,
      cacheControl: CACHE_IMMUTABLE,
    });
    // The root files and the not-found page travel in the release's snapshot (shared/).
    uploadAndPublishRelease(this, this.uploads, { pages: shellSnapshotFiles(build), record: build.record }, [assets]);

    this.uploads.acknowledgeFindings(
      'The shell deploy writes whole build folders and release snapshots, whose file names come from the build, under its own prefixes (shell/, releases/shell/) only.',
    );
  }
}
