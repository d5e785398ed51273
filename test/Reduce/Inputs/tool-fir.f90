! A Fortran subroutine for opt-reduce --tool=fir-opt (test/Reduce/tool-fir.test):
! bbc lowers it to FIR and HLFIR.
subroutine saxpy(n, a, x, y)
  integer :: n, i
  real :: a, x(n), y(n)
  do i = 1, n
    y(i) = a * x(i) + y(i)
  end do
end subroutine
subroutine other(m, z)
  integer :: m
  real :: z(m)
  z = 0.0
end subroutine
