/**
 * One remote team's deploy (with -c canary=<percent>: its canary; with -c preview=<hours>: a preview,
 * lib/release-upload.ts). In this order:
 *   1. its build folder mfe/<name>/<buildId>/ (immutable; older builds stay for rollback),
 *   2. its release snapshot releases/<name>/<release>/: its record and its prerendered pages, named
 *      by their content, so a redeploy of the same build with other pages is a new release,
 *   3. its current-release record mfe/pointers/<name>.json, only once 1 and 2 are in place,
 *   4. the publication: the site's release publisher copies the pages live and rebuilds
 *      mfe/remotes.json, and the deploy fails unless the document then shows this release.
 * The uploads run with a role that may write only keys carrying this remote's name, so a deploy of
 * one remote cannot overwrite another's, and the stack needs only this remote's build to synth.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { AccountRootPrincipal, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { buildFilesPrefix } from '@kesho/release-model/build-pruning';
import { CACHE_IMMUTABLE } from '@kesho/release-model/security-headers';
import { SiteBucketUploads, SOURCE_MAPS } from './bucket-upload';
import { applyTeamBoundary, teamStackSynthesizer } from './team-deploy';
import { remoteWritableKeys } from './team-keys';
import { readRemoteBuild } from './site-build';
import { uploadAndPublishRelease, type ReleaseMode } from './release-upload';
import { canaryCommandKey } from '@kesho/release-model/engine/edge-pass';

export interface RemoteStackProps extends StackProps {
  readonly remoteName: string;
  /** The site bucket of the KeshoSite stack, by name (see SiteStackProps.siteBucketName). */
  readonly siteBucketName: string;
  /** The site build, e.g. ../dist/site. */
  readonly siteDir: string;
  readonly mode?: ReleaseMode;
}

export class RemoteStack extends Stack {
  readonly buildId: string;
  readonly release: string;
  readonly uploads: SiteBucketUploads;
  readonly canaryRole: Role;

  constructor(scope: Construct, id: string, props: RemoteStackProps) {
    // Deployed through the team's own roles (lib/team-deploy.ts), every role it makes within the team's boundary.
    super(scope, id, { ...props, synthesizer: teamStackSynthesizer(props.remoteName) });
    applyTeamBoundary(this, props.remoteName);
    const build = readRemoteBuild(props.siteDir, props.remoteName);
    const { name, buildId } = build.pointer;
    this.buildId = buildId;
    this.release = build.record.release;
    this.uploads = new SiteBucketUploads(this, 'Uploads', {
      siteBucketName: props.siteBucketName,
      owner: `the ${name} remote`,
      writableKeys: remoteWritableKeys(name),
    });

    const assets = this.uploads.upload('BuildAssets', {
      directory: build.assetsDir,
      exclude: SOURCE_MAPS,
      keyPrefix: buildFilesPrefix(name, buildId),
      cacheControl: CACHE_IMMUTABLE,
    });
    const publication = uploadAndPublishRelease(this, this.uploads, build, [assets], props.mode);
    if (props.mode?.kind === 'preview')
      new CfnOutput(this, 'PreviewLink', {
        value: publication.resource.getAttString('PreviewLink'),
        description: `Opens the site with this ${name} build, for whoever has it, until it expires`,
      });

    // The team's own hand on its canary: promote or abort by writing its command (infra/RUNBOOK.md).
    // It may write and read that one key, so a team can start, promote or abort only its own canary.
    this.canaryRole = new Role(this, 'CanaryRole', {
      assumedBy: new AccountRootPrincipal(),
      description: `Promotes or aborts the ${name} remote's canary (writes ${canaryCommandKey(name)} only)`,
    });
    this.canaryRole.addToPolicy(new PolicyStatement({ actions: ['s3:PutObject', 's3:GetObject'], resources: [this.uploads.bucket.arnForObjects(canaryCommandKey(name))] }));
    new CfnOutput(this, 'CanaryRoleArn', { value: this.canaryRole.roleArn, description: `Assume it to promote or abort the ${name} canary` });

    this.uploads.acknowledgeFindings(
      "A remote's deploy writes whole build folders and release snapshots, whose file names come from the build, under its own prefixes (mfe/<name>/, releases/<name>/) only.",
    );
  }
}
