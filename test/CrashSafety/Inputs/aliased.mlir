// An attribute alias: every dump after the first is printed whole through
// a forked printer's file tree (lib/PassManager/BufferedDump.c).
#map = affine_map<(d0) -> (d0 + 1)>
func.func @f(%a: index) -> index {
  %0 = affine.apply #map(%a)
  return %0 : index
}
