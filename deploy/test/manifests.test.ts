import { join } from 'node:path';
import { SERVICE_NAMES } from '@leadmarket/contracts';
import { describe, expect, it } from 'vitest';
import { ENV_OWNERS, variablesOf, type EnvOwner } from '../../scripts/env-catalogue.js';
import { containersOf, K8S_DIR, renderKustomization, type K8sObject } from './kustomize.js';

const rendered = renderKustomization(join(K8S_DIR, 'overlays/production'));
const base = renderKustomization(join(K8S_DIR, 'base'));

/** Every service of the marketplace, screening included (deployed as its own service again). */
const SERVICES: readonly string[] = SERVICE_NAMES;
const PROCESSES = [...SERVICES, 'gateway'];

const of = (kind: string, objects = rendered) => objects.filter((o) => o.kind === kind);
const named = (kind: string, name: string) => rendered.find((o) => o.kind === kind && o.metadata.name === name);
const decoded = (secret: K8sObject) => Object.keys(secret.data ?? {});

/** The model class of an object's apiVersion and kind (kubernetes-models, and KEDA's for its CRDs). */
async function modelOf(o: K8sObject): Promise<new (data: unknown) => { validate(): void }> {
  const module =
    o.apiVersion === 'keda.sh/v1alpha1'
      ? await import('@kubernetes-models/keda/keda.sh/v1alpha1')
      : await import(`kubernetes-models/${o.apiVersion}`);
  const model = (module as Record<string, unknown>)[o.kind];
  if (typeof model !== 'function') throw new Error(`no schema for ${o.apiVersion} ${o.kind}`);
  return model as new (data: unknown) => { validate(): void };
}

/** The Secret names a workload's pods read, by env, envFrom or volume. */
function secretsReadBy(o: K8sObject): string[] {
  const names = new Set<string>();
  for (const c of containersOf(o)) {
    for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef) names.add(e.valueFrom.secretKeyRef.name);
    for (const e of c.envFrom ?? []) if (e.secretRef) names.add(e.secretRef.name);
  }
  for (const v of o.spec?.template?.spec?.volumes ?? []) if (v.secret) names.add(v.secret.secretName);
  return [...names];
}

/** What a process may hold in its Secret: the connections every service has, and its own variables. */
function allowedKeys(process: string): Set<string> {
  const own = ENV_OWNERS.includes(process as EnvOwner) ? variablesOf(process as EnvOwner).map((v) => v.name) : [];
  const connections =
    process === 'gateway'
      ? ['AMQP_URL', 'REDIS_URL', 'INTERNAL_API_TOKEN']
      : ['DATABASE_URL', 'DATABASE_SESSION_URL', 'AMQP_URL', 'REDIS_URL', 'INTERNAL_API_TOKEN'];
  return new Set([...connections, ...own]);
}

describe('the Kubernetes manifests (deploy/k8s)', () => {
  it('validate against the Kubernetes and KEDA schemas, base and production overlay', async () => {
    for (const o of [...base, ...rendered]) {
      const Model = await modelOf(o);
      expect(() => new Model(o).validate(), `${o.kind}/${o.metadata.name}`).not.toThrow();
    }
    expect(rendered.length).toBeGreaterThan(60);
  });

  it('give every process a Deployment, Service, ServiceAccount, PodDisruptionBudget and NetworkPolicy', () => {
    for (const name of [...PROCESSES, 'pgbouncer'])
      for (const kind of ['Deployment', 'Service', 'ServiceAccount', 'PodDisruptionBudget', 'NetworkPolicy'])
        expect(named(kind, name), `${kind}/${name}`).toBeDefined();
  });

  it('scale every service on its queue depth and CPU (KEDA), the gateway on CPU, never twice', () => {
    for (const name of SERVICES) {
      const scaled = named('ScaledObject', name)!;
      expect(scaled.spec.scaleTargetRef.name).toBe(name);
      const rabbit = scaled.spec.triggers.find((t: any) => t.type === 'rabbitmq');
      expect(rabbit.metadata.queueName, name).toBe(`leadmarket.${name}`);
      expect(scaled.spec.triggers.map((t: any) => t.type)).toContain('cpu');
    }
    const hpaTargets = of('HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name);
    expect(hpaTargets).toEqual(['gateway']);
  });

  it('run every pod non-root, without escalation or capabilities, on a read-only root filesystem', () => {
    for (const o of [...of('Deployment'), ...of('Job')]) {
      const pod = o.spec.template.spec;
      const id = `${o.kind}/${o.metadata.name}`;
      expect(pod.securityContext, id).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.automountServiceAccountToken, id).toBe(false);
      expect(pod.serviceAccountName, id).toBe(o.metadata.name);
      for (const c of containersOf(o)) {
        expect(c.securityContext, id).toEqual({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        expect(c.resources?.requests?.cpu, id).toBeDefined();
        expect(c.resources?.requests?.memory, id).toBeDefined();
        expect(c.resources?.limits?.memory, id).toBeDefined();
        expect(c.image, id).not.toMatch(/:latest$|^[^:@]+$/);
      }
    }
    expect(named('Namespace', 'leadmarket')!.metadata.labels!['pod-security.kubernetes.io/enforce']).toBe('restricted');
  });

  it('probe start-up, readiness and liveness, and pause before the drain', () => {
    for (const o of of('Deployment'))
      for (const c of containersOf(o)) {
        const id = o.metadata.name;
        expect(c.startupProbe, id).toBeDefined();
        expect(c.readinessProbe, id).toBeDefined();
        expect(c.livenessProbe, id).toBeDefined();
        expect(c.lifecycle?.preStop, id).toBeDefined();
        if (PROCESSES.includes(id)) {
          expect(c.readinessProbe.httpGet.path, id).toBe('/readyz');
          expect(c.livenessProbe.httpGet.path, id).toBe('/healthz');
        }
      }
  });

  it("never mounts a Secret with another process's keys or the administrator's URL", () => {
    for (const o of [...of('Deployment'), ...of('Job')]) {
      const name = o.metadata.name;
      expect(secretsReadBy(o), name).toEqual([`${name}-secrets`]);
    }
    for (const secret of of('Secret')) {
      const keys = decoded(secret);
      const owner = secret.metadata.name.replace(/-secrets$/, '');
      if (secret.metadata.name !== 'db-roles-secrets')
        expect(keys, `${secret.metadata.name} holds the administrator's URL`).not.toContain('DATABASE_ADMIN_URL');
      if (!PROCESSES.includes(owner)) continue;
      const allowed = allowedKeys(owner);
      for (const key of keys) expect(allowed.has(key), `${secret.metadata.name} holds ${key}`).toBe(true);
    }
    expect(decoded(named('Secret', 'db-roles-secrets')!)).toContain('DATABASE_ADMIN_URL');
  });

  it('give each process everything production requires of it, in its own Secret or the shared ConfigMap', () => {
    const config = Object.keys(named('ConfigMap', 'leadmarket-config')!.data);
    for (const owner of PROCESSES.filter((p) => ENV_OWNERS.includes(p as EnvOwner))) {
      const secret = decoded(named('Secret', `${owner}-secrets`)!);
      const required = [...variablesOf(owner as EnvOwner), ...variablesOf('platform')].filter(
        (v) => v.requiredInProduction,
      );
      for (const v of required) expect([...secret, ...config], `${owner} needs ${v.name}`).toContain(v.name);
    }
  });

  it('let only the gateway take outside traffic, through the Ingress', () => {
    const policies = of('NetworkPolicy');
    const deny = policies.find((p) => p.metadata.name === 'default-deny')!;
    expect(deny.spec).toEqual({ podSelector: {}, policyTypes: ['Ingress', 'Egress'] });
    for (const p of policies) {
      const fromOutside = (p.spec.ingress ?? []).some((rule: any) =>
        (rule.from ?? [{}]).some(
          (peer: any) => peer.namespaceSelector || peer.ipBlock || Object.keys(peer).length === 0,
        ),
      );
      if (fromOutside) expect(p.metadata.name).toBe('gateway');
    }
    const ingress = of('Ingress');
    expect(ingress).toHaveLength(1);
    expect(ingress[0]!.spec.rules[0].http.paths[0].backend.service.name).toBe('gateway');
    expect(ingress[0]!.spec.tls).toHaveLength(1);
  });
});
