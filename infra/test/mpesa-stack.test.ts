import { Match, Template } from 'aws-cdk-lib/assertions';
import { addNagChecks, nagPacks } from '../lib/kesho-app';
import { DARAJA_SECRET_NAMES } from '../lib/payments/payment-secrets';
import { buildTestApp } from './support/test-app';

const functionsOf = (template: Template) =>
  template.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('^Kesho payments: ') } }) as Record<
    string,
    { Properties: { Description: string; Environment: { Variables: Record<string, unknown> }; Role: { 'Fn::GetAtt': [string, string] } } }
  >;

describe('M-Pesa in the payments stack', () => {
  test('without Daraja settings: the M-Pesa functions and routes exist, the retained Daraja secrets too (so M-Pesa can be switched on again), no function is given them (M-Pesa answers 503)', () => {
    const template = Template.fromStack(buildTestApp().stacks.payments);
    template.hasResourceProperties('AWS::Lambda::Function', { Description: 'Kesho payments: mpesa-payment', Timeout: 29 });
    template.hasResourceProperties('AWS::Lambda::Function', { Description: 'Kesho payments: mpesa-callback', Timeout: 29 });
    for (const name of Object.values(DARAJA_SECRET_NAMES)) template.hasResource('AWS::SecretsManager::Secret', { DeletionPolicy: 'Retain', Properties: { Name: name } });
    expect(JSON.stringify(template.findResources('AWS::IAM::Policy'))).not.toMatch(/DarajaConsumerKey|DarajaConsumerSecret|DarajaPasskey/);
    for (const fn of Object.values(functionsOf(template)))
      expect(Object.keys(fn.Properties.Environment.Variables).filter((key) => key.startsWith('DARAJA_') || key.startsWith('KES_'))).toEqual([]);
  });

  const DARAJA_CONTEXT = { mpesaShortcode: '174379', darajaBaseUrl: 'https://api.safaricom.co.ke', kesPerUsd: '131.4', kesRateDate: '2026-11-22' };

  describe('with -c mpesaShortcode, -c darajaBaseUrl, -c kesPerUsd and -c kesRateDate', () => {
    const testApp = buildTestApp({ context: DARAJA_CONTEXT });
    const template = Template.fromStack(testApp.stacks.payments);
    const secretIds = Object.fromEntries(
      Object.entries(DARAJA_SECRET_NAMES).map(([key, name]) => {
        const ids = Object.keys(template.findResources('AWS::SecretsManager::Secret', { Properties: { Name: name } }));
        expect(ids).toHaveLength(1);
        return [key, ids[0] as string];
      }),
    );

    test('makes the three Daraja secrets empty and retained, for ops to fill', () => {
      for (const name of Object.values(DARAJA_SECRET_NAMES)) {
        template.hasResource('AWS::SecretsManager::Secret', { DeletionPolicy: 'Retain', Properties: { Name: name, GenerateSecretString: {}, SecretString: Match.absent() } });
      }
    });

    test('hands the functions that talk to Daraja its configuration by ARN, and lets them read exactly those secrets', () => {
      const functions = functionsOf(template);
      expect(Object.keys(functions)).toHaveLength(11);
      const policies = template.findResources('AWS::IAM::Policy');
      const darajaFunctions = Object.values(functions).filter((fn) => /: (mpesa-payment|mpesa-callback|checkout-session|reconcile-orders)$/.test(fn.Properties.Description));
      expect(darajaFunctions).toHaveLength(4);
      for (const fn of darajaFunctions) {
        expect(fn.Properties.Environment.Variables).toMatchObject({
          DARAJA_CONSUMER_KEY_ARN: { Ref: secretIds.consumerKey },
          DARAJA_CONSUMER_SECRET_ARN: { Ref: secretIds.consumerSecret },
          DARAJA_PASSKEY_ARN: { Ref: secretIds.passkey },
          DARAJA_SHORTCODE: '174379',
          DARAJA_BASE_URL: 'https://api.safaricom.co.ke',
          KES_PER_USD: '131.4',
          KES_RATE_DATE: '2026-11-22',
        });
        expect(Object.keys(fn.Properties.Environment.Variables).filter((key) => /^DARAJA_(CONSUMER_KEY|CONSUMER_SECRET|PASSKEY)$/.test(key))).toEqual([]);
        const roleId = fn.Properties.Role['Fn::GetAtt'][0];
        const statements = Object.values(policies)
          .filter((policy) => JSON.stringify((policy as { Properties: { Roles: unknown } }).Properties.Roles).includes(`"${roleId}"`))
          .flatMap((policy) => (policy as { Properties: { PolicyDocument: { Statement: { Action: unknown; Resource: unknown }[] } } }).Properties.PolicyDocument.Statement);
        for (const id of Object.values(secretIds)) {
          const reads = statements.filter((statement) => JSON.stringify(statement.Resource).includes(`"${id}"`));
          expect(reads.flatMap((statement) => (Array.isArray(statement.Action) ? statement.Action : [statement.Action])).sort()).toEqual([
            'secretsmanager:DescribeSecret',
            'secretsmanager:GetSecretValue',
          ]);
        }
      }
    });

    test('grants the M-Pesa functions only the table actions they use', () => {
      const tableId = Object.keys(template.findResources('AWS::DynamoDB::Table'))[0] as string;
      const actionsOn = (description: string) => {
        const [roleId] = Object.values(functionsOf(template))
          .filter((fn) => fn.Properties.Description === description)
          .map((fn) => fn.Properties.Role['Fn::GetAtt'][0]);
        return Object.values(template.findResources('AWS::IAM::Policy'))
          .filter((policy) => JSON.stringify((policy as { Properties: { Roles: unknown } }).Properties.Roles).includes(`"${roleId}"`))
          .flatMap((policy) => (policy as { Properties: { PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] } } }).Properties.PolicyDocument.Statement)
          .filter((statement) => JSON.stringify(statement.Resource).includes(`"${tableId}"`))
          .flatMap((statement) => (Array.isArray(statement.Action) ? statement.Action : [statement.Action]))
          .sort();
      };
      expect(actionsOn('Kesho payments: mpesa-payment')).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
      expect(actionsOn('Kesho payments: mpesa-callback')).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    });

    test('leaves no cdk-nag finding', () => {
      addNagChecks(testApp.app);
      const findings = nagPacks().flatMap((pack) =>
        pack.validateScope(testApp.app).violations.map((violation) => `${violation.ruleName}: ${violation.violatingResources.map((resource) => resource.constructPath).join(', ')}`),
      );
      expect(findings).toEqual([]);
    });
  });

  test('refuses half a Daraja configuration or a malformed one', () => {
    expect(() => buildTestApp({ context: { mpesaShortcode: '174379' } })).toThrow(/darajaBaseUrl/);
    expect(() => buildTestApp({ context: { mpesaShortcode: 'abc', darajaBaseUrl: 'https://api.safaricom.co.ke' } })).toThrow(/mpesaShortcode/);
    expect(() => buildTestApp({ context: { ...DARAJA_CONTEXT, darajaBaseUrl: 'http://api.safaricom.co.ke' } })).toThrow(/https/);
    expect(() => buildTestApp({ context: { mpesaShortcode: '174379', darajaBaseUrl: 'https://api.safaricom.co.ke' } })).toThrow(/kesPerUsd.*kesRateDate/);
    expect(() => buildTestApp({ context: Object.fromEntries(Object.entries(DARAJA_CONTEXT).filter(([key]) => key !== 'kesRateDate')) })).toThrow(/kesRateDate/);
    for (const kesPerUsd of ['0', '0.00', '-129', '129.255', 'abc'])
      expect(() => buildTestApp({ context: { ...DARAJA_CONTEXT, kesPerUsd } })).toThrow(/-c kesPerUsd must be a positive number/);
    expect(() => buildTestApp({ context: { ...DARAJA_CONTEXT, kesRateDate: '22/11/2026' } })).toThrow(/-c kesRateDate must be YYYY-MM-DD/);
  });
});
