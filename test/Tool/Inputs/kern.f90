! A small kernel for irscope-opt --tool=fir-opt (test/Tool/fir-opt-locations.test):
! its intrinsics and whole-array assignment become Flang runtime calls
! that carry the source file and line of the statement.
subroutine kern(n, x, y, total)
  integer, intent(in) :: n
  real, intent(in) :: x(n)
  real, allocatable, intent(inout) :: y(:)
  real, intent(out) :: total
  y = x * 2.0
  total = sum(y) + maxval(x)
end subroutine
