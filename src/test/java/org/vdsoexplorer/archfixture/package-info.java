/**
 * Classes that break each layering rule on purpose: {@code ArchitectureTest} runs its rules on this package
 * (as if it were the project's root) to show that every rule reports a violation. Never used elsewhere.
 */
package org.vdsoexplorer.archfixture;
