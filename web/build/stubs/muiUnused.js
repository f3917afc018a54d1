// Build-time stand-in for MUI code the app never runs (see web/build/slimMui.ts): the Select
// variants' inputs and the native select's, createTheme's CSS-variables theme. Select only wraps
// its inputs in styled() when its module loads; createTheme calls this only for `cssVariables`.
export default function Unused() {
  throw new Error('This part of MUI is not in the build (web/build/slimMui.ts)');
}
