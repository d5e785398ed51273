# Prints a valid module of one function with N (default 40000) independent
# arith.addi ops: large enough that mlir-opt stays busy for a few hundred
# milliseconds at well over 100 MiB resident, whatever the machine.
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 40000
print("func.func @f(%a: i32) -> i32 {")
for i in range(n):
    print(f"  %v{i} = arith.addi %a, %a : i32")
print("  return %a : i32")
print("}")
