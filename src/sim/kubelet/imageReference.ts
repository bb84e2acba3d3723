/**
 * The image manager's applyDefaultImageTag (pkg/kubelet/images/image_manager.go), which parses
 * the spec's image with github.com/distribution/reference ParseNormalizedNamed before anything
 * else: an image that does not parse fails the start with ErrInvalidImageName. The grammar is
 * distribution/reference's regexp.go (domain, path components, tag, digest), without IPv6
 * domains; the errors are its texts.
 */

import { runtimeId } from '../core/ids';
import { hashString } from '../core/prng';

/** How containerd names an image reference it pulls. */
export function fullyQualified(image: string): string {
  const first = image.split('/')[0]!;
  const hasRegistry =
    image.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost');
  if (hasRegistry) return image;
  return image.includes('/') ? `docker.io/${image}` : `docker.io/library/${image}`;
}

/**
 * The container's image_ref as containerd reports it (CRI ContainerStatus.ImageRef, the
 * kubelet's ImageID): the repository digest, a stable fake digest per image.
 */
export function imageRefDigest(imageRef: string): string {
  const full = fullyQualified(imageRef);
  // An image named by digest is pulled by it: its repository digest is that one (a tag beside
  // it is dropped).
  const at = full.indexOf('@');
  if (at >= 0) return `${full.slice(0, at).replace(/:[^:/]+$/, '')}${full.slice(at)}`;
  const repo = full.replace(/:[^:/]+$/, '');
  return `${repo}@sha256:${runtimeId(hashString(imageRef), 7)}`;
}

const alnum = '[a-z0-9]+';
const separator = '(?:[._]|__|[-]+)';
const pathComponent = `${alnum}(?:${separator}${alnum})*`;
const domainComponent = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const domain = `${domainComponent}(?:\\.${domainComponent})*(?::[0-9]+)?`;
const name = `(?:${domain}/)?${pathComponent}(?:/${pathComponent})*`;
const tag = '[\\w][\\w.-]{0,127}';
const digest = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}';
const REFERENCE = new RegExp(`^(${name})(?::(${tag}))?(?:@(${digest}))?$`);
const IDENTIFIER = /^[a-f0-9]{64}$/;

/** splitDockerDomain: docker.io and "library/" for names without a registry. */
function splitDockerDomain(s: string): [string, string] {
  const i = s.indexOf('/');
  const first = i < 0 ? '' : s.slice(0, i);
  if (
    i < 0 ||
    (!first.includes('.') &&
      !first.includes(':') &&
      first !== 'localhost' &&
      first.toLowerCase() === first)
  ) {
    const rest = s;
    return ['docker.io', rest.includes('/') ? rest : `library/${rest}`];
  }
  return [first, s.slice(i + 1)];
}

/** ParseNormalizedNamed's error for the image, or undefined when it parses. */
export function parseNormalizedNamedError(image: string): string | undefined {
  if (IDENTIFIER.test(image))
    return `invalid repository name (${image}), cannot specify 64-byte hexadecimal strings`;
  const [dom, remainder] = splitDockerDomain(image);
  const colon = remainder.indexOf(':');
  const remote = colon < 0 ? remainder : remainder.slice(0, colon);
  if (remote.toLowerCase() !== remote)
    return `invalid reference format: repository name (${remote}) must be lowercase`;
  const full = `${dom}/${remainder}`;
  const m = REFERENCE.exec(full);
  if (!m) return 'invalid reference format';
  if (m[1]!.length > 255) return 'repository name must not be more than 255 characters';
  return undefined;
}

/**
 * EnsureImageExists's message for an image applyDefaultImageTag refuses: parsers.ParseImageName
 * words it "couldn't parse image name %q: %w"; kubelets up to ~1.2x wrapped it as "couldn't
 * parse image reference %q: %v" (`what`).
 */
export function invalidImageNameMessage(
  image: string,
  what: 'name' | 'reference' = 'name',
): string | undefined {
  const err = parseNormalizedNamedError(image);
  if (err === undefined) return undefined;
  return `Failed to apply default image tag ${JSON.stringify(image)}: couldn't parse image ${what} ${JSON.stringify(image)}: ${err}`;
}
