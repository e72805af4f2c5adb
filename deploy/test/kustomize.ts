import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseAllDocuments, parse } from 'yaml';

/** A Kubernetes object as read from YAML. */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: any;
}

/**
 * The kustomization fields this renderer understands: exactly the ones deploy/k8s uses. A field it
 * does not know fails the render, so a manifest is never checked without what kustomize would add.
 */
const KNOWN = new Set([
  'apiVersion',
  'kind',
  'resources',
  'labels',
  'namespace',
  'images',
  'configMapGenerator',
  'secretGenerator',
  'generatorOptions',
]);

const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition']);

/** Reads `path` or, for a secret an operator fills in, the committed `<path>.example` beside it. */
const readOrExample = (path: string) => readFileSync(existsSync(path) ? path : `${path}.example`, 'utf8');

/** KEY=value lines of an env file (comments and blank lines skipped), as kustomize reads `envs`. */
export function envFileKeys(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const eq = trimmed.indexOf('=');
    out[trimmed.slice(0, eq)] = trimmed.slice(eq + 1);
  }
  return out;
}

/**
 * `kubectl kustomize <dir>` for the subset of kustomize deploy/k8s uses (resources, labels,
 * namespace, images, generators with stable names). Secret env files that are not there (they are
 * never in git) are read from their `.example`.
 */
export function renderKustomization(dir: string): K8sObject[] {
  const k = parse(readFileSync(join(dir, 'kustomization.yaml'), 'utf8'));
  for (const field of Object.keys(k)) if (!KNOWN.has(field)) throw new Error(`${dir}: unsupported field ${field}`);
  if (k.generatorOptions && k.generatorOptions.disableNameSuffixHash !== true)
    throw new Error(`${dir}: only disableNameSuffixHash generators are supported`);
  let objects: K8sObject[] = [];
  for (const resource of k.resources ?? []) {
    const path = join(dir, resource);
    if (statSync(path).isDirectory()) objects.push(...renderKustomization(path));
    else
      objects.push(
        ...parseAllDocuments(readFileSync(path, 'utf8'))
          .map((d) => d.toJS())
          .filter(Boolean),
      );
  }
  for (const gen of k.configMapGenerator ?? []) {
    const data = Object.fromEntries(
      (gen.literals ?? []).map((l: string) => [l.split('=')[0], l.slice(l.indexOf('=') + 1)]),
    );
    const existing = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === gen.name);
    if (gen.behavior === 'merge') {
      if (!existing) throw new Error(`${dir}: configMapGenerator ${gen.name} merges into nothing`);
      existing.data = { ...existing.data, ...data };
    } else objects.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: gen.name }, data });
  }
  for (const gen of k.secretGenerator ?? []) {
    const stringData: Record<string, string> = {};
    for (const env of gen.envs ?? []) Object.assign(stringData, envFileKeys(readOrExample(join(dir, env))));
    for (const file of gen.files ?? []) {
      const [key, path] = file.includes('=') ? file.split('=') : [file.split('/').pop(), file];
      stringData[key] = readOrExample(join(dir, path));
    }
    const data = Object.fromEntries(
      Object.entries(stringData).map(([key, v]) => [key, Buffer.from(v).toString('base64')]),
    );
    objects.push({ apiVersion: 'v1', kind: 'Secret', type: 'Opaque', metadata: { name: gen.name }, data });
  }
  for (const { pairs } of k.labels ?? [])
    for (const o of objects) o.metadata.labels = { ...o.metadata.labels, ...pairs };
  if (k.namespace)
    objects = objects.map((o) =>
      CLUSTER_SCOPED.has(o.kind) ? o : { ...o, metadata: { ...o.metadata, namespace: k.namespace } },
    );
  for (const image of k.images ?? [])
    for (const o of objects)
      for (const c of containersOf(o))
        if (c.image === image.name || c.image.startsWith(`${image.name}:`))
          c.image = `${image.newName ?? image.name}${image.digest ? `@${image.digest}` : `:${image.newTag}`}`;
  return objects;
}

/** The containers of a workload (Deployment, Job), or none. */
export function containersOf(o: K8sObject): Array<Record<string, any>> {
  const spec = o.spec?.template?.spec;
  return [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])];
}

/** Where a test reads deploy/k8s from. */
export const K8S_DIR = join(dirname(new URL(import.meta.url).pathname), '..', 'k8s');
