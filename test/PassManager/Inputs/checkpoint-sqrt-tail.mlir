func.func @irs_sqrt(%x: f32) -> f32 {
  %0 = math.sqrt %x : f32
  return %0 : f32
}
}
