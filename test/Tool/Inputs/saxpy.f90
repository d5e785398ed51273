subroutine saxpy(n, a, x, y)
  integer, intent(in) :: n
  real, intent(in) :: a, x(n)
  real, intent(inout) :: y(n)
  integer :: i
  do i = 1, n
    y(i) = a * x(i) + y(i)
  end do
end subroutine
