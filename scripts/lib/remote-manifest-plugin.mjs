import { collectKitImports } from './kit-contract.mjs';

/**
 * Writes a remote's mf-manifest.json (the Module Federation manifest format, the fields the shell and
 * the release scripts read) for a container built with webpack's own ModuleFederationPlugin, which
 * has no manifest of its own: metaData.remoteEntry and globalName say how to load the container,
 * exposes[].assets.js.sync what to preload for an exposed module. `shellKitImports`: every export of
 * @kesho/shell-kit the remote's code imports, which a release checks against the live shell's kit
 * (lib/kit-contract.mjs).
 */
export class RemoteManifestPlugin {
  /**
   * @param {{ name: string, globalName: string, buildName: string, buildVersion: string, entryFile: string,
   *   exposes: Record<string, { import: string, name: string }>, shared: Record<string, { requiredVersion?: string, singleton?: boolean }> }} options
   */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('RemoteManifestPlugin', (compilation) => {
      /** @type {string[]} */
      let kitImports = [];
      compilation.hooks.finishModules.tap('RemoteManifestPlugin', (modules) => {
        kitImports = collectKitImports(modules, compilation.moduleGraph);
      });
      compilation.hooks.processAssets.tap({ name: 'RemoteManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const manifest = { ...this.manifest(compilation), shellKitImports: kitImports };
        compilation.emitAsset('mf-manifest.json', new RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    });
  }

  manifest(compilation) {
    const { name, globalName, buildName, buildVersion, entryFile, exposes, shared } = this.options;
    return {
      id: name,
      name,
      metaData: {
        name,
        type: 'app',
        buildInfo: { buildVersion, buildName },
        remoteEntry: { name: entryFile, path: '', type: 'global' },
        globalName,
        publicPath: 'auto',
      },
      shared: Object.entries(shared)
        .filter(([key]) => !key.endsWith('/'))
        .map(([key, config]) => ({ id: `${name}:${key}`, name: key, requiredVersion: config.requiredVersion, singleton: Boolean(config.singleton) })),
      remotes: [],
      // Each exposed module is its own chunk group, named after the expose (webpack's `name` option).
      exposes: Object.entries(exposes).map(([exposePath, { name: chunkName }]) => {
        const group = compilation.namedChunkGroups.get(chunkName);
        if (!group) throw new Error(`RemoteManifestPlugin: no chunk group "${chunkName}" for ${exposePath}`);
        const sync = jsFiles(group.chunks);
        const async = new Set();
        const seen = new Set();
        const visit = (parent) => {
          for (const child of parent.getChildren()) {
            if (seen.has(child)) continue;
            seen.add(child);
            for (const file of jsFiles(child.chunks)) if (!sync.includes(file)) async.add(file);
            visit(child);
          }
        };
        visit(group);
        return {
          id: `${name}:${exposePath.replace(/^\.\//, '')}`,
          name: exposePath.replace(/^\.\//, ''),
          path: exposePath,
          assets: { js: { sync, async: [...async].sort() }, css: { sync: [], async: [] } },
        };
      }),
    };
  }
}

function jsFiles(chunks) {
  return chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
}
