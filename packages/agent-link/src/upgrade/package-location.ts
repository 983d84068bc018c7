/**
 * Where the `upgrade` command's package is downloaded from. The box key goes only to the server the link
 * goes to, so a package URL on another origin is refused; the agent and the simulated boxes both apply
 * this rule before any download.
 */

/** A problem with the command's arguments (the reply's INVALID_ARGUMENT). */
export class UpgradeArgumentError extends Error {}

/** The package URL with the server's origin, or an UpgradeArgumentError when it points elsewhere. */
export function packageLocation(server: string, packageUrl: string): URL {
  const base = new URL(server);
  let url: URL;
  try {
    url = new URL(packageUrl, base);
  } catch {
    throw new UpgradeArgumentError(`The package URL "${packageUrl.slice(0, 200)}" is not a URL`);
  }
  if (url.origin !== base.origin) {
    throw new UpgradeArgumentError(
      `The package URL points to ${url.origin}, not to this box's server ${base.origin}; the box key is only sent to its server`,
    );
  }
  return url;
}
