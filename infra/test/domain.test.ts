/**
 * The custom domain (-c domainName + -c hostedZoneId): the certificate in us-east-1, the Route 53
 * aliases, apex → www on every behaviour, PUBLIC_SITE_URL, and the fallbacks without a domain.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { site } from '@kesho/site-rules/site';
import { readConfig, UNSET_PUBLIC_SITE_URL } from '../lib/config';
import { addNagChecks } from '../lib/kesho-app';
import { buildTestApp, cdkJsonContext, type TestApp } from './support/test-app';

const DOMAIN = { domainName: 'keshoglobal.co.ke', hostedZoneId: 'Z0123456789ABCDEFGHIJ' };
const CLOUDFRONT_HOSTED_ZONE_ID = 'Z2FDTNDATAQYW2';

const publicSiteUrlOf = ({ stacks }: TestApp): unknown => {
  const functions = Template.fromStack(stacks.payments).findResources('AWS::Lambda::Function', {
    Properties: { Description: 'Kesho payments: create-payment' },
  });
  const [fn] = Object.values(functions) as { Properties: { Environment: { Variables: Record<string, unknown> } } }[];
  return fn?.Properties.Environment.Variables.PUBLIC_SITE_URL;
};

describe('with -c domainName and -c hostedZoneId', () => {
  let testApp: TestApp;
  let edge: Template;
  let siteTemplate: Template;

  beforeAll(() => {
    testApp = buildTestApp({ context: DOMAIN });
    edge = Template.fromStack(testApp.stacks.edge);
    siteTemplate = Template.fromStack(testApp.stacks.site);
  });

  test('creates one certificate in us-east-1 for www and the apex, validated by DNS in the zone', () => {
    expect(testApp.stacks.edge.region).toBe('us-east-1');
    edge.resourceCountIs('AWS::CertificateManager::Certificate', 1);
    edge.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'www.keshoglobal.co.ke',
      SubjectAlternativeNames: ['keshoglobal.co.ke'],
      ValidationMethod: 'DNS',
      DomainValidationOptions: [
        { DomainName: 'www.keshoglobal.co.ke', HostedZoneId: DOMAIN.hostedZoneId },
        { DomainName: 'keshoglobal.co.ke', HostedZoneId: DOMAIN.hostedZoneId },
      ],
    });
  });

  test('serves www and the apex with that certificate and TLS 1.2 at least', () => {
    siteTemplate.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: {
        Aliases: ['www.keshoglobal.co.ke', 'keshoglobal.co.ke'],
        // A cross-region reference: the site stack reads the ARN the edge stack exported at deploy.
        ViewerCertificate: { AcmCertificateArn: Match.anyValue(), MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' },
      },
    });
  });

  test('points A and AAAA records of www and the apex at the distribution', () => {
    for (const type of ['A', 'AAAA']) {
      for (const name of ['www.keshoglobal.co.ke.', 'keshoglobal.co.ke.']) {
        siteTemplate.hasResourceProperties('AWS::Route53::RecordSet', {
          HostedZoneId: DOMAIN.hostedZoneId,
          Name: name,
          Type: type,
          AliasTarget: { DNSName: { 'Fn::GetAtt': [Match.stringLikeRegexp('^Distribution'), 'DomainName'] }, HostedZoneId: { 'Fn::FindInMap': Match.anyValue() } },
        });
      }
    }
    siteTemplate.resourceCountIs('AWS::Route53::RecordSet', 4);
    // CDK maps the partition to CloudFront's fixed alias zone.
    expect(JSON.stringify(siteTemplate.toJSON().Mappings)).toContain(CLOUDFRONT_HOSTED_ZONE_ID);
  });

  test('redirects the apex on every behaviour: the function knows www and runs on each', () => {
    // The viewer-request function (the route rewrite, minified, then the build choice).
    const functions = Object.values(siteTemplate.findResources('AWS::CloudFront::Function')) as { Properties: { FunctionCode: string } }[];
    const request = functions.filter((candidate) => candidate.Properties.FunctionCode.includes('CANONICAL_HOST'));
    expect(request).toHaveLength(1);
    expect(request[0]?.Properties.FunctionCode).toContain('CANONICAL_HOST="www.keshoglobal.co.ke"');
    const [distribution] = Object.values(siteTemplate.findResources('AWS::CloudFront::Distribution')) as {
      Properties: { DistributionConfig: { DefaultCacheBehavior: unknown; CacheBehaviors: { PathPattern: string }[] } };
    }[];
    const config = distribution?.Properties.DistributionConfig;
    const behaviours = [config?.DefaultCacheBehavior, ...(config?.CacheBehaviors ?? [])];
    expect(behaviours.length).toBeGreaterThanOrEqual(5);
    for (const behaviour of behaviours) {
      expect(behaviour).toMatchObject({
        FunctionAssociations: expect.arrayContaining([{ EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^RouteRewrite/), 'FunctionARN'] } }]),
      });
    }
  });

  test('gives the Lambdas https://www.<domain> as PUBLIC_SITE_URL', () => {
    expect(publicSiteUrlOf(testApp)).toBe('https://www.keshoglobal.co.ke');
  });
});

describe('without a domain', () => {
  test('serves the *.cloudfront.net name: no certificate, records or redirect', () => {
    const { stacks } = buildTestApp({ context: { siteDir: '/nonexistent' } });
    Template.fromStack(stacks.edge).resourceCountIs('AWS::CertificateManager::Certificate', 0);
    const siteTemplate = Template.fromStack(stacks.site);
    siteTemplate.resourceCountIs('AWS::Route53::RecordSet', 0);
    siteTemplate.hasResourceProperties('AWS::CloudFront::Function', { FunctionCode: Match.stringLikeRegexp('CANONICAL_HOST=""') });
    siteTemplate.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: { Aliases: Match.absent() } });
  });

  test('never gives the Lambdas the real site: a placeholder and a note until the distribution is named', () => {
    const testApp = buildTestApp({ context: { siteDir: '/nonexistent' } });
    expect(publicSiteUrlOf(testApp)).toBe(UNSET_PUBLIC_SITE_URL);
    expect(publicSiteUrlOf(testApp)).not.toBe(site.origin);
    Annotations.fromStack(testApp.stacks.payments).hasInfo('*', Match.stringLikeRegexp('distributionDomainName'));
  });

  test("uses the distribution's own name once -c distributionDomainName passes it", () => {
    const testApp = buildTestApp({ context: { siteDir: '/nonexistent', distributionDomainName: 'd111111abcdef8.cloudfront.net' } });
    expect(publicSiteUrlOf(testApp)).toBe('https://d111111abcdef8.cloudfront.net');
    Annotations.fromStack(testApp.stacks.payments).hasNoInfo('*', Match.stringLikeRegexp('PUBLIC_SITE_URL'));
  });
});

describe('domain configuration', () => {
  const appWith = (context: Record<string, string>) => new App({ context: { ...cdkJsonContext(), ...context } });

  test('-c publicSiteUrl overrides the derived origin', () => {
    expect(readConfig(appWith({ ...DOMAIN, publicSiteUrl: 'https://staging.example.org' }), {}).publicSiteUrl).toBe('https://staging.example.org');
  });

  test.each([
    [{ domainName: 'keshoglobal.co.ke' }, 'Set both -c domainName'],
    [{ hostedZoneId: DOMAIN.hostedZoneId }, 'Set both -c domainName'],
    [{ ...DOMAIN, domainName: 'www.keshoglobal.co.ke' }, 'must be the apex domain'],
    [{ ...DOMAIN, domainName: 'https://keshoglobal.co.ke' }, 'must be the apex domain'],
    [{ ...DOMAIN, hostedZoneId: 'not-a-zone' }, 'is not a Route 53 hosted zone id'],
    [{ distributionDomainName: 'www.keshoglobal.co.ke' }, "must be the distribution's *.cloudfront.net name"],
    [{ publicSiteUrl: 'www.keshoglobal.co.ke' }, 'must be an origin'],
  ])('refuses %j', (context, message) => {
    expect(() => readConfig(appWith(context), {})).toThrow(message);
  });
});

describe('cdk-nag with a domain', () => {
  test('finds nothing unacknowledged in the edge and site stacks', () => {
    const testApp = buildTestApp({ context: { ...DOMAIN, siteDir: '/nonexistent' } });
    addNagChecks(testApp.app);
    expect(() => testApp.app.synth()).not.toThrow();
    for (const stack of [testApp.stacks.edge, testApp.stacks.site] as Stack[]) {
      Annotations.fromStack(stack).hasNoError('*', Match.anyValue());
    }
  });
});
